import { z } from 'zod';

import { email } from './common';
import { membershipChangeSchema, nameList } from './membership';

/** Update Member's Spaces: the member's email plus the shared add / override rules. */
export const updateMemberSpacesSchema = z
	.object({ email })
	.and(membershipChangeSchema(nameList('spaces'), 'spaces', 'Remove From All Spaces'));
