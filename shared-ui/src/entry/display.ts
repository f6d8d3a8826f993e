// `shared-ui/display`: data display widgets with their own state machines or styles that few pages use.
export { Avatar, Progress, Stat } from '@chakra-ui/react';
