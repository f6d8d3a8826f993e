// `shared-ui/form`: form controls beyond the sign-in page's (select, switch, checkbox, text area,
// fieldset), the inline select editor and the person pickers' options.
export { Checkbox, Fieldset, NativeSelect, Switch, Textarea } from '@chakra-ui/react';
export { SelectField, SwitchField, type SelectFieldProps, type SwitchFieldProps } from '../form-controls';
export { InlineSelectEditor, type InlineSelectEditorProps } from '../inline-select-editor';
export {
  comparePeople,
  personLabel,
  personName,
  personOptions,
  withCurrentOption,
  type PersonLike,
} from '../person-options';
