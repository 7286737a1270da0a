import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextArea } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SLOTS, type CampaignFormValues, type Slot } from './campaign-form';

/** The contact's own variables, always available (docs/product/campaigns.md#limits-and-defaults). */
export const CONTACT_VARIABLES = ['nome', 'numero', 'email'] as const;

/**
 * The 5 message slots (and 5 confirmation slots while confirmation is on) in tabs, with the
 * variables a message may use: the contact's and the company's custom ones. A variable's
 * button appends it to the open tab's message.
 */
export function CampaignMessages({
  readOnly,
  customVariables,
}: {
  readOnly: boolean;
  customVariables: string[];
}) {
  const { t } = useTranslation();
  const { control, getValues, setValue } = useFormContext<CampaignFormValues>();
  const confirmation = useWatch({ control, name: 'confirmation' });
  const [tab, setTab] = useState<Slot>(1);
  const variables = [...CONTACT_VARIABLES, ...customVariables.filter(Boolean)];

  const insert = (variable: string) => {
    const field = `message${tab}` as const;
    const current = getValues(field);
    setValue(field, `${current}${current && !current.endsWith(' ') ? ' ' : ''}{${variable}}`, {
      shouldDirty: true,
    });
  };

  return (
    <div className="grid gap-2">
      <Tabs value={String(tab)} onValueChange={(v) => setTab(Number(v) as Slot)}>
        <TabsList aria-label={t('campaignDialog.messagesTabs')}>
          {SLOTS.map((n) => (
            <TabsTrigger key={n} value={String(n)}>
              {t('campaignDialog.messageTab', { n })}
            </TabsTrigger>
          ))}
        </TabsList>
        {SLOTS.map((n) => (
          <TabsContent key={n} value={String(n)}>
            <fieldset disabled={readOnly} className="grid gap-4">
              <TextArea<CampaignFormValues>
                name={`message${n}`}
                label={t('campaignDialog.message', { n })}
                idPrefix="campaign"
              />
              {confirmation ? (
                <TextArea<CampaignFormValues>
                  name={`confirmationMessage${n}`}
                  label={t('campaignDialog.confirmationMessage', { n })}
                  idPrefix="campaign"
                />
              ) : null}
            </fieldset>
          </TabsContent>
        ))}
      </Tabs>
      <div className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        <span>{t('campaignDialog.variables')}</span>
        {variables.map((v) => (
          <Button
            key={v}
            type="button"
            variant="outline"
            size="sm"
            className="h-6 px-2 font-mono text-xs"
            disabled={readOnly}
            onClick={() => insert(v)}
          >
            {`{${v}}`}
          </Button>
        ))}
      </div>
    </div>
  );
}
