// `shared-ui/display`: data display widgets with their own state machines or styles that few pages use.
import { addEntryRecipes } from '../entry-recipes';

// This entry's components are styled by recipes the core system does not hold (../entry-recipes.ts).
addEntryRecipes();

export { Avatar, Progress, Stat } from '@chakra-ui/react';
