/**
 * What each polling trigger emits, as JSON Schema, by the trigger's node name (its description's
 * `name`): one item of its feed. The build writes it beside the node (scripts/output-schemas.cts,
 * `__schema__/…/output.json`), read with the defaults of the node's own parameters.
 */
import { courseCertificatesFeed } from '../feeds/courseCertificates';
import { courseEnrollmentsFeed } from '../feeds/courseEnrollments';
import { eventAttendeesFeed } from '../feeds/eventAttendees';
import { membersFeed } from '../feeds/members';
import { attendeeFeedRow, certificateFeedRow, enrollmentFeedRow, feedItem, memberFeedRow } from '../output/feeds';
import type { OutputSchema } from '../output/schema';

export const TRIGGER_OUTPUTS = {
	communityPlatformMemberTrigger: feedItem(membersFeed, memberFeedRow),
	communityPlatformEventAttendeeTrigger: feedItem(eventAttendeesFeed, attendeeFeedRow),
	communityPlatformCourseEnrollmentTrigger: feedItem(courseEnrollmentsFeed, enrollmentFeedRow),
	communityPlatformCourseCertificateTrigger: feedItem(courseCertificatesFeed, certificateFeedRow),
} satisfies Record<string, OutputSchema>;

export type TriggerName = keyof typeof TRIGGER_OUTPUTS;

/** The output schema a trigger declares, by its node name; an error for a trigger missing here. */
export function triggerOutput(name: string): OutputSchema {
	if (!Object.hasOwn(TRIGGER_OUTPUTS, name)) throw new Error(`No output schema for the trigger ${name} in nodes/shared/triggers/outputs.ts`);
	return TRIGGER_OUTPUTS[name as TriggerName];
}
