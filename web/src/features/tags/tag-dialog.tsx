import { zodResolver } from '@hookform/resolvers/zod';
import { hexColor, tagName, type TagView } from '@atendo/domain';
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
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { tagValidationText } from './validation';

const formSchema = z.object({ name: tagName, color: hexColor });
type FormValues = z.input<typeof formSchema>;

/** A random colour for a new tag (docs/product/kanban-and-tags.md), as #RRGGBB. */
export function randomColor(): string {
  return `#${Math.floor(Math.random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')}`;
}

/**
 * Add or edit a tag (docs/product/kanban-and-tags.md): a name of at least 3 characters and a colour picked on the
 * palette or typed as a hex code. With `lane` it adds or edits a kanban lane (a tag saved with
 * kanban=1, the lanes page's dialog); otherwise a tag's kind is kept as it is.
 */
export function TagDialog({
  open,
  tag,
  lane = false,
  onSaved,
  onClose,
}: {
  open: boolean;
  /** The tag to edit; null adds one. */
  tag: Pick<TagView, 'id' | 'name' | 'color'> | null;
  /** Saves a kanban lane (kanban=1), with the lanes page's titles. */
  lane?: boolean;
  /** After a save, besides refreshing the tags (e.g. the board refreshes its lanes). */
  onSaved?: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useRouteMutation('tagsCreate');
  const update = useRouteMutation('tagsUpdate');
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', color: randomColor() },
  });
  const { errors, isSubmitting } = form.formState;

  // The form starts from the tag (or empty with a fresh random colour) each time it opens.
  useEffect(() => {
    if (!open) return;
    form.reset(
      tag
        ? { name: tag.name, color: tag.color ?? randomColor() }
        : { name: '', color: randomColor() },
    );
  }, [open, tag, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const body = { name: values.name, color: values.color, ...(lane && { kanban: 1 as const }) };
    try {
      if (tag) await update.mutateAsync({ params: { id: tag.id }, body });
      else await create.mutateAsync({ body });
      notify.success(lane ? t('kanbanLaneDialog.saved') : t('tagDialog.saved'));
      onSaved?.();
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
            {lane
              ? tag
                ? t('kanbanLaneDialog.editTitle')
                : t('kanbanLaneDialog.addTitle')
              : tag
                ? t('tagDialog.editTitle')
                : t('tagDialog.addTitle')}
          </DialogTitle>
          <DialogDescription>
            {lane ? t('kanbanLaneDialog.description') : t('tagDialog.description')}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field
            id="tag-name"
            label={t('tagDialog.name')}
            error={tagValidationText(errors.name?.message)}
          >
            <Input
              id="tag-name"
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
                id="tag-color"
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
                      id="tag-color"
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
