// Rebuilds native addons for the Node running this script when their ABI does not match (CI uses Node 20 and 24).
import { ensureNativeModules, ensureSupportedNode } from './lib.mjs';

await ensureSupportedNode();

ensureNativeModules();
