// `shared-ui/form`: form controls beyond the sign-in page's (select, switch, checkbox, text area,
// fieldset), the inline select editor, the person select and the person pickers' options.
import { addEntryRecipes } from '../entry-recipes';

// This entry's components are styled by recipes the core system does not hold (../entry-recipes.ts).
addEntryRecipes();

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
export {
  PersonSelect,
  personChoices,
  staffLabel,
  useStaffPeople,
  type PersonChoices,
  type PersonSelectProps,
} from '../person-select';
