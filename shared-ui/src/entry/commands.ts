// `shared-ui/commands`: the store through which a page offers its actions to the host's command
// palette; tiny, bundled by each app that uses it (its state is on the window), never by the sign-in
// page.
export { usePageCommandList, usePageCommands, type PageCommand } from '../page-commands';
