// Built like every remote: tools/build/webpack/create-config.js reads the rest from the section registry.
import { createRemoteConfig } from '../tools/build/webpack/create-config.js';

export default createRemoteConfig('users');
