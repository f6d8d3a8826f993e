// A list row's selection checkbox, shared by DataTable's rows and its phone cards so both layouts
// give the box the same accessible name ('Select <row>') and report a change the same way.
import { Checkbox } from '@chakra-ui/react';
import type { RowId } from './data-table-columns';

/** Props of RowSelectBox. */
export interface RowSelectBoxProps<T> {
  row: T;
  id: RowId;
  checked: boolean;
  /** The row's name in the box's label; without it, 'row <id>'. */
  rowLabel?: (row: T) => string;
  onToggleRow: (id: RowId, checked: boolean) => void;
  /** Space above the box (a card lines it up with its title's first line). */
  mt?: string;
}

/** The checkbox that selects one row; its label is read by screen readers only. */
export function RowSelectBox<T>({ row, id, checked, rowLabel, onToggleRow, mt }: RowSelectBoxProps<T>) {
  return (
    <Checkbox.Root
      size="sm"
      mt={mt}
      checked={checked}
      onCheckedChange={(details) => onToggleRow(id, details.checked === true)}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label srOnly>Select {rowLabel ? rowLabel(row) : `row ${id}`}</Checkbox.Label>
    </Checkbox.Root>
  );
}
