import { format } from 'date-fns';
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { readTodos, todoStorageKey, writeTodos, type TodoEntry } from './storage';

const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'dd/MM/yyyy HH:mm');
};

/**
 * The caller's entries, saved on this device on every change and followed across the
 * console's other tabs (the browser's storage event).
 */
function useTodos(key: string) {
  const [entries, setEntries] = useState<TodoEntry[]>(() => readTodos(key));
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) setEntries(readTodos(key));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key]);
  const save = (next: TodoEntry[]) => {
    setEntries(next);
    writeTodos(key, next);
  };
  return [entries, save] as const;
}

/**
 * /todolist (docs/product/overview.md#console-routes-and-shell, to-do list): a to-do list kept only on the user's device. One field adds
 * a task, or saves the one being edited; each task shows when it was created or last edited,
 * with edit and delete. The text cannot be empty.
 */
export function TodolistPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [entries, save] = useTodos(todoStorageKey(me.id));
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setText('');
    setEditing(null);
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) {
      setError(t('todolist.required'));
      return;
    }
    const now = new Date().toISOString();
    if (editing !== null && entries[editing])
      save(entries.map((e, i) => (i === editing ? { ...e, text: value, updatedAt: now } : e)));
    else save([...entries, { text: value, createdAt: now, updatedAt: now }]);
    reset();
  };

  const startEdit = (index: number) => {
    setEditing(index);
    setText(entries[index]?.text ?? '');
    setError(null);
  };

  const remove = (index: number) => {
    save(entries.filter((_, i) => i !== index));
    if (editing === index) reset();
    else if (editing !== null && editing > index) setEditing(editing - 1);
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col">
      <PageHeader title={t('todolist.title')} />
      <p className="mb-4 text-sm text-muted-foreground">{t('todolist.hint')}</p>
      <form onSubmit={submit} noValidate className="mb-6 flex items-start gap-2">
        <Field
          id="todo-text"
          label={editing === null ? t('todolist.newTask') : t('todolist.editTask')}
          error={error ?? undefined}
          className="flex-1"
        >
          <Input
            id="todo-text"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'todo-text-error' : undefined}
            autoComplete="off"
          />
        </Field>
        <div className="flex gap-2 pt-[1.375rem]">
          {editing !== null ? (
            <Button type="button" variant="outline" onClick={reset}>
              {t('todolist.cancel')}
            </Button>
          ) : null}
          <Button type="submit">{editing === null ? t('todolist.add') : t('todolist.save')}</Button>
        </div>
      </form>
      {entries.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('todolist.empty')}</p>
      ) : (
        <ul aria-label={t('todolist.list')} className="divide-y rounded-md border">
          {entries.map((entry, index) => (
            <li
              key={`${entry.createdAt}-${index}`}
              aria-label={entry.text}
              aria-current={editing === index ? 'true' : undefined}
              className="flex items-center gap-3 px-4 py-3 aria-[current=true]:bg-accent"
            >
              <div className="min-w-0 flex-1">
                <p className="text-sm break-words whitespace-pre-wrap">{entry.text}</p>
                <p className="text-xs text-muted-foreground">
                  {entry.updatedAt !== entry.createdAt
                    ? t('todolist.updated', { date: formatDate(entry.updatedAt) })
                    : t('todolist.created', { date: formatDate(entry.createdAt) })}
                </p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('todolist.edit', { text: entry.text })}
                onClick={() => startEdit(index)}
              >
                <Pencil />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('todolist.delete', { text: entry.text })}
                onClick={() => remove(index)}
              >
                <Trash2 />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
