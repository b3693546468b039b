import { batchJob } from './batchJob/BatchJob.resource';
import { club } from './club/Club.resource';
import { content } from './content/Content.resource';
import { contributionLog } from './contributionLog/ContributionLog.resource';
import { emailOptOut } from './emailOptOut/EmailOptOut.resource';
import { emailSubscriptionType } from './emailSubscriptionType/EmailSubscriptionType.resource';
import { event } from './event/Event.resource';
import { eventAttendee } from './eventAttendee/EventAttendee.resource';
import { eventInvitee } from './eventInvitee/EventInvitee.resource';
import { member } from './member/Member.resource';
import type { Operation } from './operation';
import { profileQuestion } from './profileQuestion/ProfileQuestion.resource';
import { space } from './space/Space.resource';
import { tag } from './tag/Tag.resource';

/** Every resource of the action node, in the order the Resource list shows them (alphabetical). */
export const RESOURCES = [
	batchJob,
	club,
	content,
	contributionLog,
	emailOptOut,
	emailSubscriptionType,
	event,
	eventAttendee,
	eventInvitee,
	member,
	profileQuestion,
	space,
	tag,
] as const;

type Registered = (typeof RESOURCES)[number];

/** Each resource's operations, as the compiler knows them: `{ tag: 'create' | 'delete' | … }`. */
export type NodeMap = { [R in Registered as R['option']['value']]: keyof R['operations'] & string };

/** The operation the node's Resource and Operation parameters name, if they name one (they hold any string). */
export function operationOf(resource: string, operation: string): Operation | undefined {
	const operations: Record<string, { module: Operation }> | undefined = RESOURCES.find(
		(entry) => entry.option.value === resource,
	)?.operations;
	return operations && Object.hasOwn(operations, operation) ? operations[operation].module : undefined;
}
