import type { RouteDef } from '../router';
import { batchRoutes } from './batch';
import { clubRoutes } from './clubs';
import { contentRoutes } from './content';
import { contributionRoutes } from './contributions';
import { eventRoutes } from './events';
import { feedRoutes } from './feeds';
import { memberRoutes } from './members';
import { optOutRoutes } from './optOuts';
import { tagRoutes } from './tags';

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
