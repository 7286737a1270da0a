import { syncTagItem } from '@atendo/domain';
import { Plus, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCompanyTags } from './queries';
import { tagValidationText } from './validation';

/** A tag of a contact as the field holds it: an existing tag (id), or a typed new one. */
export interface TagChoice {
  id?: number;
  name: string;
  color: string | null;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A contact's tags (docs/product/kanban-and-tags.md, docs/product/kanban-and-tags.md#routes): chips with a remove button, and a box that lists the
 * company's tags matching the typed text; a typed name no tag has becomes a new tag, which needs
 * at least 3 characters ('Tag muito curta!'). Controlled: `onChange` gets the whole new list.
 */
export function ContactTagsField({
  value,
  onChange,
  disabled,
  label,
}: {
  value: TagChoice[];
  onChange: (next: TagChoice[]) => void;
  disabled?: boolean;
  label?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const tags = useCompanyTags(open);
  const typed = text.trim();
  const chosen = (name: string, tagId?: number) =>
    value.some((v) => (tagId !== undefined && v.id === tagId) || sameName(v.name, name));
  const options = (tags.data ?? []).filter(
    (tag) => !chosen(tag.name, tag.id) && tag.name.toLowerCase().includes(typed.toLowerCase()),
  );
  const exact = (tags.data ?? []).find((tag) => sameName(tag.name, typed));
  const canCreate = typed.length > 0 && !exact && !chosen(typed);

  const add = (choice: TagChoice) => {
    setText('');
    setError(undefined);
    if (!chosen(choice.name, choice.id)) onChange([...value, choice]);
  };
  const create = () => {
    const parsed = syncTagItem.safeParse({ name: typed });
    if (!parsed.success) {
      setError(tagValidationText(parsed.error.issues[0]?.message));
      return;
    }
    add({ name: typed, color: null });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') setOpen(false);
    if (e.key === 'Backspace' && !text && value.length) onChange(value.slice(0, -1));
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (!typed) return;
    if (exact) {
      if (!chosen(exact.name, exact.id))
        add({ id: exact.id, name: exact.name, color: exact.color });
      else setText('');
    } else if (!chosen(typed)) create();
  };

  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label ?? t('contactTags.label')}</Label>
      <ul className="flex flex-wrap gap-1" aria-label={t('contactTags.current')}>
        {value.map((tag) => (
          <li key={tag.id ?? `new-${tag.name}`}>
            <Badge
              style={{ backgroundColor: tag.color ?? undefined }}
              className={tag.color ? 'gap-1 text-white' : 'gap-1'}
              variant={tag.color ? 'default' : 'secondary'}
            >
              {tag.name}
              {disabled ? null : (
                <button
                  type="button"
                  className="rounded-full hover:opacity-75"
                  aria-label={t('contactTags.remove', { name: tag.name })}
                  onClick={() => onChange(value.filter((v) => v !== tag))}
                >
                  <X className="size-3" />
                </button>
              )}
            </Badge>
          </li>
        ))}
        {value.length === 0 ? (
          <li className="text-xs text-muted-foreground">{t('contactTags.none')}</li>
        ) : null}
      </ul>
      <Input
        id={inputId}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
        autoComplete="off"
        placeholder={t('contactTags.placeholder')}
        value={text}
        disabled={disabled}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
      {open && !disabled ? (
        <div
          id={listId}
          role="listbox"
          aria-label={t('contactTags.options')}
          className="grid max-h-40 overflow-auto rounded-md border"
        >
          {options.map((tag) => (
            <button
              type="button"
              role="option"
              aria-selected={false}
              key={tag.id}
              className="flex items-center gap-2 px-3 py-1.5 text-left text-sm hover:bg-accent"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => add({ id: tag.id, name: tag.name, color: tag.color })}
            >
              <span
                className="size-3 rounded-full border"
                style={{ backgroundColor: tag.color ?? undefined }}
              />
              {tag.name}
            </button>
          ))}
          {canCreate ? (
            <button
              type="button"
              role="option"
              aria-selected={false}
              className="flex items-center gap-2 px-3 py-1.5 text-left text-sm hover:bg-accent"
              onMouseDown={(e) => e.preventDefault()}
              onClick={create}
            >
              <Plus className="size-3" />
              {t('contactTags.create', { name: typed })}
            </button>
          ) : null}
          {tags.isSuccess && options.length === 0 && !canCreate ? (
            <p className="px-3 py-1.5 text-sm text-muted-foreground">{t('contactTags.empty')}</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
