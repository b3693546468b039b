import type { RouteDef } from '../router.cjs';
import { batchRoutes } from './batch.cjs';
import { clubRoutes } from './clubs.cjs';
import { contentRoutes } from './content.cjs';
import { contributionRoutes } from './contributions.cjs';
import { eventRoutes } from './events.cjs';
import { feedRoutes } from './feeds.cjs';
import { memberRoutes } from './members.cjs';
import { optOutRoutes } from './optOuts.cjs';
import { tagRoutes } from './tags.cjs';

/** Every endpoint of the spec, below /public-api/v1. */
export const allRoutes: RouteDef[] = [
	...memberRoutes,
	...batchRoutes,
	...clubRoutes,
	...eventRoutes,
	...contentRoutes,
	...tagRoutes,
	...optOutRoutes,
	...contributionRoutes,
	...feedRoutes,
];
