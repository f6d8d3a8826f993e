// The Chakra pieces of the core entry (`shared-ui`), re-exported so that no package outside shared-ui
// imports @chakra-ui/react. Heavier components (menus, dialogs, form
// controls with state machines, the table) are re-exported by the subpath entries in ./entry.
// Add a component only together with its recipe in system.ts, or it renders unstyled.

/** Layout primitives (no recipes). */
export {
  AbsoluteCenter,
  Box,
  Center,
  Flex,
  Grid,
  GridItem,
  Group,
  HStack,
  SimpleGrid,
  Spacer,
  Span,
  Stack,
  Strong,
  VStack,
  Wrap,
  WrapItem,
} from '@chakra-ui/react';
/** Container with the container recipe. */
export { Container } from '@chakra-ui/react';
/** Typography and links. */
export { Heading, Link, Text } from '@chakra-ui/react';
/** Buttons. */
export { Button, ButtonGroup, CloseButton, IconButton } from '@chakra-ui/react';
/** Form controls the sign-in page needs (the others are in entry/form.ts). */
export { Field, Input, InputAddon, InputElement, InputGroup } from '@chakra-ui/react';
/** Data display (Avatar, Progress and Stat are in entry/display.ts, Table in entry/table.ts). */
export { Badge, Card, Icon, Separator } from '@chakra-ui/react';
/** Feedback. */
export { Alert, Skeleton, SkeletonCircle, SkeletonText, Spinner } from '@chakra-ui/react';
/** Navigation and portals (Dialog, Drawer and Menu are in entry/dialog.ts). */
export { Breadcrumb, Portal } from '@chakra-ui/react';
/** Utilities. */
export { Show, VisuallyHidden, chakra, useBreakpointValue, useDisclosure } from '@chakra-ui/react';

/** Prop types of the re-exported components, for wrappers written in the remotes. */
export type {
  AvatarRootProps,
  BadgeProps,
  BoxProps,
  ButtonProps,
  CardRootProps,
  FlexProps,
  GridProps,
  HTMLChakraProps,
  HeadingProps,
  IconButtonProps,
  IconProps,
  InputProps,
  LinkProps,
  StackProps,
  SystemStyleObject,
  TableRootProps,
  TextProps,
  TextareaProps,
  UseDisclosureReturn,
} from '@chakra-ui/react';
