// The inline 'Change' editor of the company assignments: view mode with the
// current value, edit mode with a select whose first choice clears the role. Saving is the caller's
// call; a rejected save keeps the editor open so the user can retry or cancel.
import { Box, Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { SelectOption } from './filter-panel';

/** Props of InlineSelectEditor. */
export interface InlineSelectEditorProps {
  /** Name of the value, e.g. 'Manager'. */
  label: string;
  /** Shown in view mode, e.g. the manager's name or 'Not assigned'. */
  valueLabel: string;
  /** Current value; '' means none. */
  value: string;
  options: readonly SelectOption[];
  /** Label of the first choice, which saves null. */
  noneLabel?: string;
  /** Saves the choice (null for none); reject to stay in edit mode (the caller shows the error). */
  onSave: (value: string | null) => Promise<void>;
  /** Hides the Change button (e.g. roles below MODERATOR). */
  canEdit?: boolean;
}

/**
 * View/edit pair for one assignment; Save sends null for the none choice.
 * @example <InlineSelectEditor label="Manager" valueLabel={company.manager?.name ?? 'Not assigned'} value={String(company.managerId ?? '')} options={managerOptions} onSave={(id) => assign({ managerId: id === null ? null : Number(id) })} canEdit={canEdit} />
 */
export function InlineSelectEditor({
  label,
  valueLabel,
  value,
  options,
  noneLabel = 'No assignment',
  onSave,
  canEdit = true,
}: InlineSelectEditorProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const selectRef = useRef<HTMLSelectElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  // Where focus goes after the mode switch: into the select on edit, back to Change after it.
  const focusAfterSwitch = useRef<'select' | 'change' | null>(null);

  useEffect(() => {
    const target = focusAfterSwitch.current;
    focusAfterSwitch.current = null;
    if (target === 'select') selectRef.current?.focus();
    if (target === 'change') changeRef.current?.focus();
  }, [editing]);

  const startEditing = () => {
    setDraft(value);
    focusAfterSwitch.current = 'select';
    setEditing(true);
  };

  const stopEditing = () => {
    setDraft(value);
    focusAfterSwitch.current = 'change';
    setEditing(false);
  };

  const save = async () => {
    setSaving(true);
    try {
      await onSave(draft === '' ? null : draft);
      focusAfterSwitch.current = 'change';
      setEditing(false);
    } catch {
      // The caller reports the failure; stay in edit mode.
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === 'Escape' && !saving) {
      event.preventDefault();
      stopEditing();
    }
  };

  if (!editing) {
    return (
      <Stack direction="row" justify="space-between" align="center" gap="3" py="2">
        <Box minW="0">
          <Text textStyle="sm" color="fg.muted">
            {label}
          </Text>
          <Text fontWeight="medium" wordBreak="break-word">
            {valueLabel}
          </Text>
        </Box>
        {canEdit ? (
          <Button
            ref={changeRef}
            size="sm"
            variant="outline"
            aria-label={`Change ${label}`}
            onClick={startEditing}
          >
            Change
          </Button>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="2" py="2">
      <Field.Root disabled={saving}>
        <Field.Label>{label}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            ref={selectRef}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={onKeyDown}
          >
            <option value="">{noneLabel}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <HStack gap="2" justify="flex-end">
        <Button
          size="sm"
          variant="outline"
          disabled={saving}
          onClick={stopEditing}
          aria-label={`Cancel ${label}`}
        >
          Cancel
        </Button>
        {/* loadingText keeps the button named while busy (Chakra hides the label behind the spinner). */}
        <Button
          size="sm"
          colorPalette="blue"
          loading={saving}
          loadingText="Saving..."
          onClick={() => void save()}
          aria-label={saving ? undefined : `Save ${label}`}
        >
          Save
        </Button>
      </HStack>
    </Stack>
  );
}
