// `shared-ui/display`: data display widgets with their own state machines or styles that few pages use.
import { addEntryRecipes } from '../entry-recipes';

// This entry's components are styled by recipes the core system does not hold (../entry-recipes.ts).
addEntryRecipes();

export { Avatar, Progress, Stat } from '@chakra-ui/react';

// What @chakra-ui/charts takes from @chakra-ui/react beyond the core entry's components: the build
// points its Chakra imports here and at the core (../charts/chakra-for-charts.ts), so a chart in a
// remote styles itself with the host's one Chakra system instead of bundling a second one.
export { ColorSwatch, FormatNumber, defineStyle, useChakraContext, useLocaleContext } from '@chakra-ui/react';
