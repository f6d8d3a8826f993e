// The Chakra pieces the console uses, re-exported so that no package outside shared-ui imports
// @chakra-ui/react (DESIGN.md "Module Federation"). Add a component here only together with its recipe
// in system.ts, or it renders unstyled.

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
/** Form controls. */
export {
  Checkbox,
  Field,
  Fieldset,
  Input,
  InputAddon,
  InputElement,
  InputGroup,
  NativeSelect,
  Switch,
  Textarea,
} from '@chakra-ui/react';
/** Data display. */
export { Avatar, Badge, Card, Icon, Separator, Stat, Table } from '@chakra-ui/react';
/** Feedback. */
export { Alert, Progress, Skeleton, SkeletonCircle, SkeletonText, Spinner } from '@chakra-ui/react';
/** Overlays and navigation. */
export { Breadcrumb, Dialog, Drawer, Menu, Portal } from '@chakra-ui/react';
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
