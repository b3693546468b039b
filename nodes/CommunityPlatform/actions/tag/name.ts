import { z } from 'zod';

import type { ErrorHint } from '../../../shared/transport/errors';

/** What Create and Rename share: the tag's name and the answer when another active tag has it. */

const BLANK_NAME = 'is empty: enter a tag name (names are case-sensitive)';

/** A tag name: the API trims it, so one that is blank after trimming is refused here. */
export const tagName = z.string({ required_error: BLANK_NAME }).trim().min(1, BLANK_NAME);

/** A 409 on create or rename: another active tag has the name. */
export const DUPLICATE_NAME_HINT: ErrorHint = {
	status: 409,
	message: (reason) => `A tag with this name already exists: ${reason}`,
	description:
		'Tag names are unique among active tags (and case-sensitive: "Design" and "design" differ). Use the existing tag (Tag > Get Many with a Name filter finds it) or choose another name.',
};
