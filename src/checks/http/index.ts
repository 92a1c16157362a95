// The http checks, listed for the registry.
import type { Check } from '../types.js';
import { check as cssResourceBroken } from './css_resource_broken.js';
import { check as errorStatus } from './error_status.js';
import { check as failedResource } from './failed_resource.js';
import { check as iconBroken } from './icon_broken.js';
import { check as missingPageStatus } from './missing_page_status.js';
import { check as mixedContent } from './mixed_content.js';
import { check as navigationError } from './navigation_error.js';
import { check as redirectChain } from './redirect_chain.js';
import { check as redirectLoop } from './redirect_loop.js';
import { check as soft404 } from './soft_404.js';
import { check as srcsetBroken } from './srcset_broken.js';
import { check as unreachableHost } from './unreachable_host.js';

export const httpChecks: Check[] = [cssResourceBroken, errorStatus, failedResource, iconBroken, missingPageStatus, mixedContent, navigationError, redirectChain, redirectLoop, soft404, srcsetBroken, unreachableHost];
