// `shared-ui/standalone`: the shell a remote runs in alone for QA (its own sign-in and router).
export {
  createStandaloneRouter,
  renderStandalone,
  type RenderStandaloneOptions,
  type StandaloneOptions,
} from '../standalone';
