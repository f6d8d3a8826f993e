// `shared-ui/commands`: the store through which a page offers its actions to the host's command
// palette; tiny, and its own singleton so the sign-in page does not carry it.
export { usePageCommandList, usePageCommands, type PageCommand } from '../page-commands';
