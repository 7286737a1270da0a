import {
  CONTACT_IMPORT_TARGETS,
  type ContactImportReport,
  type ContactImportTarget,
} from '@atendo/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowLeft, FileUp } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DataTable, useListTable } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { NativeSelect } from '@/components/ui/native-select';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { translateRuntimeKey } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import {
  assignColumn,
  guessMapping,
  mappingProblems,
  targetOf,
  type ColumnMapping,
} from './column-mapping';

/** Rows shown for selection; the rest import with them (select all covers every row). */
const SHOWN_ROWS = 200;

type Cell = string | number | boolean | null;
interface Sheet {
  fileName: string;
  columns: string[];
  rows: Cell[][];
}

/**
 * /contacts/import: drop a spreadsheet, map its columns (name and number required, a column
 * to one target only), pick the rows, import, and read the report.
 */
export function ContactImportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const upload = useRouteMutation('contactsUpload');
  const importRows = useRouteMutation('contactsImportRows');
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [validate, setValidate] = useState(false);
  const [busy, setBusy] = useState<'reading' | 'importing' | null>(null);
  const [report, setReport] = useState<(ContactImportReport & { rowOf: number[] }) | null>(null);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy('reading');
    try {
      const parsed = await upload.mutateAsync({ formData: form });
      setSheet(parsed);
      setMapping(guessMapping(parsed.columns));
      setSelected(new Set(parsed.rows.map((_, i) => i)));
      setReport(null);
    } catch (err) {
      // ERR_INVALID_FILE reads 'Arquivo inválido!'.
      toastError(err);
    } finally {
      setBusy(null);
    }
  };

  const onDrop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    void readFile(e.dataTransfer.files[0]);
  };

  const startImport = async () => {
    if (!sheet || !mapping) return;
    const [problem] = mappingProblems(mapping);
    if (problem) {
      notify.error(t(`contactImport.${problem}`), problem);
      return;
    }
    if (selected.size === 0) {
      notify.error(t('contactImport.noneSelected'), 'noneSelected');
      return;
    }
    const rowOf = [...selected].sort((a, b) => a - b);
    setBusy('importing');
    try {
      const result = await importRows.mutateAsync({
        body: {
          rows: rowOf.map((i) => sheet.rows[i]!),
          mapping: {
            name: mapping.name!,
            number: mapping.number!,
            email: mapping.email,
            tags: mapping.tags,
          },
          validateContact: validate,
        },
      });
      setReport({ ...result, rowOf });
      if (result.failed.length === 0) notify.success(t('contactImport.success'));
      else notify.warning(t('contactImport.partial'));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };

  const toggleRow = (i: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  const allSelected = !!sheet && selected.size === sheet.rows.length;
  const problems = mapping ? mappingProblems(mapping) : [];

  return (
    <div className="flex h-full flex-col gap-6 overflow-auto p-6">
      <PageHeader title={t('contactImport.title')}>
        <Button variant="outline" onClick={() => navigate('/contacts')}>
          <ArrowLeft />
          {t('contactImport.back')}
        </Button>
      </PageHeader>

      <label
        htmlFor="contact-import-file"
        onDragOver={(e) => e.preventDefault()}
        onDrop={onDrop}
        className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed p-8 text-center"
      >
        <FileUp className="size-8 text-muted-foreground" />
        <span>{busy === 'reading' ? t('contactImport.reading') : t('contactImport.drop')}</span>
        <span className="text-xs text-muted-foreground">{t('contactImport.types')}</span>
        {sheet ? <span className="text-sm font-medium">{sheet.fileName}</span> : null}
        <input
          id="contact-import-file"
          type="file"
          className="sr-only"
          accept=".xls,.xlsx,.csv,.txt"
          aria-label={t('contactImport.drop')}
          onChange={(e) => {
            void readFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>

      {sheet && mapping && !report ? (
        <>
          <section className="grid gap-2">
            <h2 className="text-lg font-semibold">{t('contactImport.mapping')}</h2>
            <p className="text-sm text-muted-foreground">{t('contactImport.mappingHint')}</p>
            <MappingTable sheet={sheet} mapping={mapping} onChange={setMapping} />
            {problems.map((p) => (
              <p key={p} role="alert" className="text-sm text-destructive">
                {t(`contactImport.${p}`)}
              </p>
            ))}
          </section>

          <section className="grid gap-2">
            <div className="flex flex-wrap items-center gap-4">
              <label className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={allSelected}
                  onChange={() =>
                    setSelected(allSelected ? new Set() : new Set(sheet.rows.map((_, i) => i)))
                  }
                />
                {t('contactImport.selectAll')}
              </label>
              <span className="text-sm text-muted-foreground">
                {t('contactImport.selected', { count: selected.size })}
              </span>
              <label className="flex items-center gap-2 text-sm">
                <Checkbox checked={validate} onChange={(e) => setValidate(e.target.checked)} />
                {t('contactImport.validateContact')}
              </label>
              <Button
                className="ml-auto"
                disabled={busy !== null}
                onClick={() => void startImport()}
              >
                {t('contactImport.import')}
              </Button>
            </div>
            {busy === 'importing' ? (
              <p role="status" className="text-sm">
                {t('contactImport.importing')}
              </p>
            ) : null}
            <PreviewTable sheet={sheet} selected={selected} onToggle={toggleRow} />
            {sheet.rows.length > SHOWN_ROWS ? (
              <p className="text-sm text-muted-foreground">
                {t('contactImport.more', { count: sheet.rows.length - SHOWN_ROWS })}
              </p>
            ) : null}
          </section>
        </>
      ) : null}

      {report ? (
        <section className="grid gap-2" aria-label={t('contactImport.report')}>
          <h2 className="text-lg font-semibold">{t('contactImport.report')}</h2>
          <p>{t('contactImport.created', { count: report.created })}</p>
          <p>{t('contactImport.skipped', { count: report.skipped })}</p>
          <p>{t('contactImport.failed', { count: report.failed.length })}</p>
          {report.failed.length ? <FailuresTable report={report} /> : null}
          <div className="flex gap-2">
            <Button
              variant="outline"
              onClick={() => {
                setSheet(null);
                setMapping(null);
                setReport(null);
              }}
            >
              {t('contactImport.again')}
            </Button>
            <Button onClick={() => navigate('/contacts')}>{t('contactImport.back')}</Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

/** A spreadsheet column: its index, title and the first row's value. */
interface SheetColumn {
  index: number;
  title: string;
  sample: string;
}

/** Each column of the file with the contact field it fills (or none). */
function MappingTable({
  sheet,
  mapping,
  onChange,
}: {
  sheet: Sheet;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}) {
  const { t } = useTranslation();
  const data: SheetColumn[] = sheet.columns.map((title, index) => ({
    index,
    title,
    sample: String(sheet.rows[0]?.[index] ?? ''),
  }));
  const columns: ColumnDef<SheetColumn, unknown>[] = [
    {
      id: 'column',
      header: t('contactImport.column'),
      cell: ({ row }) => (
        <>
          <span className="font-medium">{row.original.title}</span>
          <span className="ml-2 text-xs text-muted-foreground">{row.original.sample}</span>
        </>
      ),
    },
    {
      id: 'target',
      header: t('contactImport.target'),
      cell: ({ row: { original: column } }) => (
        <NativeSelect
          aria-label={`${t('contactImport.target')}: ${column.title}`}
          value={targetOf(mapping, column.index) ?? ''}
          onChange={(e) =>
            onChange(
              assignColumn(
                mapping,
                column.index,
                (e.target.value || null) as ContactImportTarget | null,
              ),
            )
          }
        >
          <option value="">{t('contactImport.ignore')}</option>
          {CONTACT_IMPORT_TARGETS.map((target) => (
            <option key={target} value={target}>
              {t(`contactImport.targets.${target}`)}
            </option>
          ))}
        </NativeSelect>
      ),
      meta: { cellClassName: 'w-56' },
    },
  ];
  const table = useListTable({ data, columns, getRowId: (column) => String(column.index) });
  return <DataTable table={table} label={t('contactImport.mapping')} />;
}

/** A row of the file as the preview shows it: its index in the file and its cells. */
interface SheetRow {
  index: number;
  cells: Cell[];
}

/** The file's first SHOWN_ROWS rows, each with its checkbox, its number and every column. */
function PreviewTable({
  sheet,
  selected,
  onToggle,
}: {
  sheet: Sheet;
  selected: ReadonlySet<number>;
  onToggle: (row: number) => void;
}) {
  const { t } = useTranslation();
  const data: SheetRow[] = sheet.rows
    .slice(0, SHOWN_ROWS)
    .map((cells, index) => ({ index, cells }));
  const columns: ColumnDef<SheetRow, unknown>[] = [
    {
      id: 'select',
      header: '',
      cell: ({ row: { original: row } }) => (
        <Checkbox
          aria-label={t('contactImport.selectRow', { row: row.index + 1 })}
          checked={selected.has(row.index)}
          onChange={() => onToggle(row.index)}
        />
      ),
      meta: { headClassName: 'w-10' },
    },
    {
      id: 'number',
      header: '#',
      cell: ({ row }) => row.original.index + 1,
      meta: { headClassName: 'w-12', cellClassName: 'text-muted-foreground' },
    },
    ...sheet.columns.map((title, c): ColumnDef<SheetRow, unknown> => ({
      id: `column-${c}`,
      header: title,
      cell: ({ row }) => String(row.original.cells[c] ?? ''),
    })),
  ];
  const table = useListTable({ data, columns, getRowId: (row) => String(row.index) });
  return <DataTable table={table} label={sheet.fileName} />;
}

/** The rows the import refused, named by their row in the file, with the translated reason. */
function FailuresTable({ report }: { report: ContactImportReport & { rowOf: number[] } }) {
  const { t } = useTranslation();
  type Failure = ContactImportReport['failed'][number];
  const columns: ColumnDef<Failure, unknown>[] = [
    {
      id: 'row',
      header: t('contactImport.row'),
      // `row` counts the imported (selected) rows from 1; rowOf maps it back to the file's row.
      cell: ({ row }) => (report.rowOf[row.original.row - 1] ?? row.original.row - 1) + 1,
      meta: { headClassName: 'w-20' },
    },
    {
      id: 'reason',
      header: t('contactImport.reason'),
      cell: ({ row }) =>
        translateRuntimeKey(`backendErrors.${row.original.reason}`) ?? row.original.reason,
    },
  ];
  const table = useListTable({
    data: report.failed,
    columns,
    getRowId: (failure) => String(failure.row),
  });
  return (
    <DataTable table={table} label={t('contactImport.failed', { count: report.failed.length })} />
  );
}
