import { zodResolver } from '@hookform/resolvers/zod';
import {
  createFileListSchema,
  FILE_LIST_MAX_FILE_BYTES,
  FILE_LIST_MAX_OPTIONS,
  type FileListDetailView,
} from '@atendo/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AttachmentField } from '@/components/attachment-field';
import { FormDialogFooter } from '@/components/form-dialog-footer';
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
import { Textarea } from '@/components/ui/textarea';
import {
  fetchPrivateMedia,
  mediaAddress,
  mediaFileName,
} from '@/features/tickets/conversation/media';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { translateValidation } from '@/lib/validation';
import { useFileList } from './queries';

type FormValues = z.input<typeof createFileListSchema>;
type FormOutput = z.output<typeof createFileListSchema>;
type Option = FileListDetailView['options'][number];

const EMPTY: FormValues = { name: '', message: '', options: [] };
const MAX_MEGABYTES = Math.round(FILE_LIST_MAX_FILE_BYTES / (1024 * 1024));

/** A file list schema's message in the current language (this form's own texts first). */
export function fileListValidationText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return translateValidation(message, 'fileListValidation');
}

/** The form's values for a saved list: its name, message and files (id and caption). */
function toForm(list: FileListDetailView): FormValues {
  return {
    name: list.name,
    message: list.message,
    options: list.options.map((o) => ({ id: o.id, name: o.name })),
  };
}

/**
 * The id each row has in the save's answer: a kept row its own, an added one the next id the
 * answer holds that was not sent (the answer lists the files in the order of the rows).
 */
export function savedOptionIds(
  rows: readonly { id?: number }[],
  saved: Pick<FileListDetailView, 'options'>,
): (number | undefined)[] {
  const sent = new Set(rows.flatMap((r) => (r.id ? [r.id] : [])));
  const added = saved.options.filter((o) => !sent.has(o.id));
  let next = 0;
  return rows.map((r) => r.id ?? added[next++]?.id);
}

/** Opens an uploaded (authenticated) file in a new tab, fetched with the session's token. */
async function openPrivateFile(url: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const href = URL.createObjectURL(await fetchPrivateMedia(url));
    if (tab) tab.location.href = href;
    else window.open(href, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/**
 * Add or edit a file list (docs/product/queues-and-chatbots.md Files page): name, message, and up to FILE_LIST_MAX_OPTIONS
 * files, each a caption and an upload. The list is saved first; the files chosen in this
 * dialog are then uploaded in one request, each to its row's file in the save's answer.
 */
export function FileListDialog({
  open,
  fileListId,
  onClose,
}: {
  open: boolean;
  /** The list to edit; null adds one. */
  fileListId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const createList = useRouteMutation('filesCreate');
  const updateList = useRouteMutation('filesUpdate');
  const uploadFiles = useRouteMutation('filesUploadList');
  const detail = useFileList(open ? fileListId : null);
  const [files, setFiles] = useState<Record<string, File>>({});
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(createFileListSchema),
    defaultValues: EMPTY,
  });
  const rows = useFieldArray({ control: form.control, name: 'options', keyName: 'key' });
  const { errors, isSubmitting } = form.formState;
  const ready = fileListId === null || !!detail.data;
  const initialised = useRef(false);

  // Fill the form once per opening: a live update of the list must not undo the user's edits.
  useEffect(() => {
    if (!open) {
      initialised.current = false;
      return;
    }
    if (initialised.current || !ready) return;
    initialised.current = true;
    setFiles({});
    form.reset(fileListId !== null && detail.data ? toForm(detail.data) : EMPTY);
  }, [open, ready, fileListId, detail.data, form]);

  useEffect(() => {
    if (open && detail.error) {
      toastError(detail.error);
      onClose();
    }
  }, [open, detail.error, onClose]);

  const uploaded = new Map<number, Option>((detail.data?.options ?? []).map((o) => [o.id, o]));

  const choose = (key: string, file: File | null) => {
    if (file && file.size > FILE_LIST_MAX_FILE_BYTES) {
      notify.error(t('fileListDialog.tooLarge', { name: file.name, max: MAX_MEGABYTES }));
      return;
    }
    setFiles((current) => {
      const next = { ...current };
      if (file) next[key] = file;
      else delete next[key];
      return next;
    });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const options = values.options.map((o) =>
      o.id ? { id: o.id, name: o.name } : { name: o.name },
    );
    const body = { name: values.name, message: values.message, options };
    let saved: FileListDetailView;
    try {
      saved =
        fileListId !== null
          ? await updateList.mutateAsync({ params: { id: fileListId }, body })
          : await createList.mutateAsync({ body });
    } catch (err) {
      toastError(err);
      return;
    }
    try {
      const ids = savedOptionIds(values.options, saved);
      const formData = new FormData();
      let count = 0;
      rows.fields.forEach((row, i) => {
        const file = files[row.key];
        const id = ids[i];
        if (!file || id === undefined) return;
        if (count === 0) {
          formData.append('fileId', String(saved.id));
          formData.append('typeArch', 'fileList');
        }
        formData.append('files', file, file.name);
        formData.append('id', String(id));
        formData.append('name', values.options[i]?.name ?? '');
        formData.append('mediaType', file.type);
        count++;
      });
      if (count > 0) await uploadFiles.mutateAsync({ params: { id: saved.id }, formData });
      notify.success(t('fileListDialog.saved'));
    } catch (err) {
      // The list itself is saved: it shows in the table, and editing it can attach again.
      toastError(err);
    }
    onClose();
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('fileListDialog.close')} className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {fileListId !== null ? t('fileListDialog.editTitle') : t('fileListDialog.addTitle')}
          </DialogTitle>
          <DialogDescription>{t('fileListDialog.description')}</DialogDescription>
        </DialogHeader>
        {!ready ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            {t('fileListDialog.loading')}
          </p>
        ) : (
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            <Field
              id="file-list-name"
              label={t('fileListDialog.name')}
              error={fileListValidationText(errors.name?.message)}
            >
              <Input
                id="file-list-name"
                autoFocus
                aria-invalid={!!errors.name}
                {...form.register('name')}
              />
            </Field>
            <Field
              id="file-list-message"
              label={t('fileListDialog.message')}
              error={fileListValidationText(errors.message?.message)}
            >
              <Textarea
                id="file-list-message"
                rows={4}
                className="min-h-20"
                aria-invalid={!!errors.message}
                {...form.register('message')}
              />
            </Field>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{t('fileListDialog.files')}</legend>
              {rows.fields.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('fileListDialog.noFiles')}</p>
              ) : (
                <ol className="grid max-h-72 gap-2 overflow-y-auto">
                  {rows.fields.map((row, index) => (
                    <FileRow
                      key={row.key}
                      index={index}
                      register={form.register}
                      error={fileListValidationText(errors.options?.[index]?.name?.message)}
                      chosen={files[row.key] ?? null}
                      uploaded={row.id !== undefined ? uploaded.get(row.id) : undefined}
                      onChoose={(file) => choose(row.key, file)}
                      onRemove={() => {
                        choose(row.key, null);
                        rows.remove(index);
                      }}
                    />
                  ))}
                </ol>
              )}
              {errors.options?.message ? (
                <p role="alert" className="text-sm text-destructive">
                  {fileListValidationText(errors.options.message)}
                </p>
              ) : null}
              <div className="flex items-center gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={rows.fields.length >= FILE_LIST_MAX_OPTIONS}
                  onClick={() => rows.append({ name: '' })}
                >
                  <Plus />
                  {t('fileListDialog.addFile')}
                </Button>
                {rows.fields.length >= FILE_LIST_MAX_OPTIONS ? (
                  <span className="text-sm text-muted-foreground">
                    {t('fileListDialog.maxFiles', { max: FILE_LIST_MAX_OPTIONS })}
                  </span>
                ) : null}
              </div>
            </fieldset>
            <FormDialogFooter
              cancelLabel={t('fileListDialog.cancel')}
              saveLabel={t('fileListDialog.save')}
              onCancel={onClose}
              saveDisabled={isSubmitting}
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * One file of the list: its caption, the attach button (a hidden file input) with the chosen
 * file's name or a link to the file uploaded before, and the remove button.
 */
function FileRow({
  index,
  register,
  error,
  chosen,
  uploaded,
  onChoose,
  onRemove,
}: {
  index: number;
  register: UseFormRegister<FormValues>;
  error: string | undefined;
  chosen: File | null;
  uploaded: Option | undefined;
  onChoose: (file: File | null) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const number = index + 1;
  const url = uploaded?.mediaUrl ?? null;

  const openUploaded = () => {
    if (!url) return;
    openPrivateFile(url).catch(() => notify.error(t('fileListDialog.openFailed')));
  };

  return (
    <li className="grid gap-1">
      <AttachmentField
        attachLabel={t('fileListDialog.attachShort')}
        inputLabel={t('fileListDialog.attach', { number })}
        removeLabel={t('fileListDialog.removeFile', { number })}
        canRemove={false}
        emptyText={t('fileListDialog.noFile')}
        nameClassName="w-40"
        file={chosen}
        storedName={url ? mediaFileName(uploaded?.path ?? url) : null}
        renderStoredName={(name) => (
          <a
            href={mediaAddress(url ?? '')}
            target="_blank"
            rel="noreferrer"
            title={t('fileListDialog.openFile')}
            className="text-primary underline-offset-4 hover:underline"
            onClick={(e) => {
              e.preventDefault();
              openUploaded();
            }}
          >
            {name}
          </a>
        )}
        onChange={onChoose}
        onRemove={onRemove}
        leading={
          <Input
            className="flex-1"
            placeholder={t('fileListDialog.captionPlaceholder')}
            aria-label={t('fileListDialog.caption', { number })}
            aria-invalid={!!error}
            {...register(`options.${index}.name`)}
          />
        }
        trailing={
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('fileListDialog.removeFile', { number })}
            onClick={onRemove}
          >
            <Trash2 />
          </Button>
        }
      />
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </li>
  );
}
