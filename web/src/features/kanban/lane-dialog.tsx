import { zodResolver } from '@hookform/resolvers/zod';
import { hexColor, tagName, type TagView } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { HexColorInput, HexColorPicker } from 'react-colorful';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { randomColor } from '@/features/tags/tag-dialog';
import { tagKeys } from '@/features/tags/queries';
import { tagValidationText } from '@/features/tags/validation';
import { api } from '@/lib/api';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { kanbanKeys } from './queries';

const formSchema = z.object({ name: tagName, color: hexColor });
type FormValues = z.input<typeof formSchema>;

/**
 * Add or edit a kanban lane: the tags feature's form (name of 3+ characters, a colour from the
 * palette or typed as hex) saved as a tag with kanban=1. The tags feature's own dialog cannot
 * be reused as is: it creates ordinary tags (it sends no kanban flag).
 */
export function LaneDialog({
  open,
  lane,
  onClose,
}: {
  open: boolean;
  /** The lane to edit; null adds one. */
  lane: Pick<TagView, 'id' | 'name' | 'color'> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', color: randomColor() },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!open) return;
    form.reset(
      lane
        ? { name: lane.name, color: lane.color ?? randomColor() }
        : { name: '', color: randomColor() },
    );
  }, [open, lane, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const body = { name: values.name, color: values.color, kanban: 1 as const };
    try {
      if (lane) await api.call('tagsUpdate', { params: { id: lane.id }, body });
      else await api.call('tagsCreate', { body });
      notify.success(t('kanbanLaneDialog.saved'));
      void client.invalidateQueries({ queryKey: kanbanKeys.all });
      void client.invalidateQueries({ queryKey: tagKeys.all });
      onClose();
    } catch (err) {
      toastError(err);
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('tags.close')} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>
            {lane ? t('kanbanLaneDialog.editTitle') : t('kanbanLaneDialog.addTitle')}
          </DialogTitle>
          <DialogDescription>{t('kanbanLaneDialog.description')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field
            id="lane-name"
            label={t('tagDialog.name')}
            error={tagValidationText(errors.name?.message)}
          >
            <Input
              id="lane-name"
              autoFocus
              aria-invalid={!!errors.name}
              {...form.register('name')}
            />
          </Field>
          <Controller
            control={form.control}
            name="color"
            render={({ field }) => (
              <Field
                id="lane-color"
                label={t('tagDialog.colorHex')}
                error={tagValidationText(errors.color?.message)}
              >
                <div className="flex items-start gap-4">
                  <HexColorPicker
                    color={field.value}
                    onChange={field.onChange}
                    aria-label={t('tagDialog.color')}
                  />
                  <div className="grid gap-2">
                    <span
                      className="size-10 rounded-md border"
                      style={{ backgroundColor: field.value }}
                      aria-hidden
                    />
                    <HexColorInput
                      id="lane-color"
                      prefixed
                      color={field.value}
                      onChange={field.onChange}
                      aria-invalid={!!errors.color}
                      className="h-9 w-28 rounded-md border bg-transparent px-3 text-sm"
                    />
                  </div>
                </div>
              </Field>
            )}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('tagDialog.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {t('tagDialog.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
