// The module the build gives @chakra-ui/charts in place of @chakra-ui/react (tools/build/webpack/
// create-config.js). @chakra-ui/charts reads the Chakra system from React context and styles its
// legend and tooltip with Chakra components; imported from @chakra-ui/react in a remote, they would be
// a second copy of Chakra (about 60 KB gzip) whose context the host's provider never fills. Through the
// shared singletons 'shared-ui' and 'shared-ui/display' they are the host's own.
export { AbsoluteCenter, Box, Flex, HStack, Separator, Show, Span, Stack, Text } from 'shared-ui';
export {
  ColorSwatch,
  FormatNumber,
  defineStyle,
  useChakraContext,
  useLocaleContext,
} from 'shared-ui/display';
