export { DataTableColumnHeader } from './column-header';
export { DataTable, type DataTableRowProps, type DataTableStatus } from './data-table';
export { DataTablePagination } from './pagination';
export { DataTableToolbar, type DataTableFilter } from './toolbar';
export { useDataTable } from './use-data-table';
export { useListTable } from './use-list-table';
export { PAGE_SIZES, useTableUrlState, type TableUrlState } from './use-table-url-state';
export { DebouncedTableSearch } from './debounced-search';
export { ServerPager } from './server-pager';
