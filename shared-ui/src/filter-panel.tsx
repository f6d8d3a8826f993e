// Filters above a list (company, approval lists): a card with a responsive grid of fields,
// a debounced search box and native selects. Values are controlled by the page (usually through
// useListSearchParams), so a filtered view survives reload, links and the back button.
import {
  Box,
  Button,
  Card,
  Field,
  Flex,
  Grid,
  Heading,
  Icon,
  Input,
  InputGroup,
  NativeSelect,
} from '@chakra-ui/react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** Props of FilterPanel. */
export interface FilterPanelProps {
  children: ReactNode;
  /** Number of filters set; shows 'Clear filters' when above 0 and onReset is given. */
  activeCount?: number;
  onReset?: () => void;
  /** Heading of the panel and name of its search landmark; default 'Filters'. */
  title?: string;
}

/**
 * Card holding filter fields in a grid that wraps down to one column on a phone.
 * @example <FilterPanel activeCount={active} onReset={() => setState({ search: '', status: 'all' })}><SearchInput … /><SelectFilter … /></FilterPanel>
 */
export function FilterPanel({ children, activeCount = 0, onReset, title = 'Filters' }: FilterPanelProps) {
  return (
    <Card.Root as="section" role="search" aria-label={title} size="sm" mb="4">
      <Card.Body gap="3">
        <Flex justify="space-between" align="center" gap="2" minH="8">
          <Heading as="h2" size="sm">
            {title}
          </Heading>
          {onReset && activeCount > 0 ? (
            <Button size="xs" variant="ghost" onClick={onReset}>
              Clear filters
            </Button>
          ) : null}
        </Flex>
        <Grid templateColumns="repeat(auto-fit, minmax(min(100%, 14rem), 1fr))" gap="3" alignItems="end">
          {children}
        </Grid>
      </Card.Body>
    </Card.Root>
  );
}

/** Props of SearchInput. */
export interface SearchInputProps {
  value: string;
  /** Called with the text once typing pauses for debounceMs, and at once on Escape. */
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  debounceMs?: number;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
}

/**
 * Search box that reports its text after a pause in typing; Escape clears it.
 * @example <SearchInput label="Search" placeholder="Search companies..." value={state.search} onChange={(search) => setState({ search })} />
 */
export function SearchInput({
  value,
  onChange,
  label,
  placeholder,
  debounceMs = 300,
  hideLabel = false,
}: SearchInputProps) {
  const [text, setText] = useState(value);
  const onChangeRef = useRef(onChange);
  // Last value this box reported or adopted: a `value` prop equal to it is the echo of our own change
  // (never overwrite what the user typed since), anything else comes from outside (reset, back button).
  const known = useRef(value);

  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    if (value === known.current) return;
    known.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text === known.current) return;
    const timer = setTimeout(() => {
      known.current = text;
      onChangeRef.current(text);
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [text, debounceMs]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || text === '') return;
    // Only swallow Escape when it did something, so an empty box inside a dialog still closes it.
    event.preventDefault();
    event.stopPropagation();
    setText('');
    if (known.current !== '') {
      known.current = '';
      onChangeRef.current('');
    }
  };

  return (
    <Field.Root>
      <Field.Label srOnly={hideLabel}>{label}</Field.Label>
      <InputGroup
        width="full"
        startElement={
          <Icon boxSize="4" color="fg.muted" aria-hidden>
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <circle cx="11" cy="11" r="7" />
              <path d="M20 20l-3.5-3.5" />
            </svg>
          </Icon>
        }
      >
        <Input
          type="search"
          value={text}
          placeholder={placeholder}
          autoComplete="off"
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
      </InputGroup>
    </Field.Root>
  );
}

/** One choice of a select. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Props of SelectFilter. */
export interface SelectFilterProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  hideLabel?: boolean;
}

/**
 * Labelled native select for a list filter; reports the chosen value at once.
 * @example <SelectFilter label="Status" value={state.status} onChange={(status) => setState({ status })} options={[{ value: 'all', label: 'All' }, { value: 'ACTIVE', label: 'Active' }]} />
 */
export function SelectFilter({ label, value, onChange, options, hideLabel = false }: SelectFilterProps) {
  return (
    <Field.Root>
      <Field.Label srOnly={hideLabel}>{label}</Field.Label>
      <Box width="full">
        <NativeSelect.Root>
          <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Box>
    </Field.Root>
  );
}

/** Props of DateFilter. */
export interface DateFilterProps {
  label: string;
  /** YYYY-MM-DD, or '' for no day. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * Labelled date input for a list filter (one end of a date range); reports the day at once, '' when cleared.
 * @example <DateFilter label="From" value={state.from} onChange={(from) => setState({ from })} />
 */
export function DateFilter({ label, value, onChange }: DateFilterProps) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input type="date" value={value} onChange={(event) => onChange(event.currentTarget.value)} />
    </Field.Root>
  );
}
