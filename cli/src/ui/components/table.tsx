import { Box, Text } from 'ink';
import { useTint } from './color.js';

export interface TableColumn {
  header: string;
  /** Numbers read better right-aligned. */
  align?: 'left' | 'right';
}

export interface TableProps {
  columns: TableColumn[];
  /** Cells already formatted as text, one array per row, in column order. */
  rows: string[][];
}

/** A table laid out column by column, so every column is as wide as its widest cell. */
export function Table({ columns, rows }: TableProps) {
  const tint = useTint();
  return (
    <Box flexDirection="row">
      {columns.map((column, c) => {
        const justify = column.align === 'right' ? 'flex-end' : 'flex-start';
        return (
          <Box
            key={c}
            flexDirection="column"
            flexShrink={0}
            marginRight={c < columns.length - 1 ? 2 : 0}
          >
            <Box
              justifyContent={justify}
              borderStyle="single"
              borderTop={false}
              borderLeft={false}
              borderRight={false}
              borderColor={tint('gray')}
            >
              <Text bold>{column.header}</Text>
            </Box>
            {rows.map((row, r) => (
              <Box key={r} justifyContent={justify}>
                <Text wrap="truncate-end">{row[c] ?? ''}</Text>
              </Box>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}
