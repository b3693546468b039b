/** The four polling triggers, one per change feed; each `CommunityPlatform*Trigger.node.ts` builds one. */
import { courseCertificateTriggerProperties, courseCertificatesFeed } from '../feeds/courseCertificates';
import { courseEnrollmentTriggerProperties, courseEnrollmentsFeed } from '../feeds/courseEnrollments';
import { eventAttendeeTriggerProperties, eventAttendeesFeed } from '../feeds/eventAttendees';
import { memberTriggerProperties, membersFeed } from '../feeds/members';
import { attendeeFeedRow, certificateFeedRow, enrollmentFeedRow, feedItem, memberFeedRow } from '../output/feeds';
import { getFeedEvents } from './feedEvents';
import type { FeedTriggerDefinition } from './feedTrigger';

export const MEMBER_TRIGGER: FeedTriggerDefinition = {
	subject: 'Member',
	subtitle: 'Members',
	description: 'Starts the workflow when a member joins, changes, is deactivated or is removed',
	feed: membersFeed,
	output: feedItem(membersFeed, memberFeedRow),
	properties: memberTriggerProperties,
};

export const EVENT_ATTENDEE_TRIGGER: FeedTriggerDefinition = {
	subject: 'Event Attendee',
	subtitle: 'Attendees',
	description: 'Starts the workflow when someone registers for an event, cancels, joins it or is checked in',
	feed: eventAttendeesFeed,
	output: feedItem(eventAttendeesFeed, attendeeFeedRow),
	properties: eventAttendeeTriggerProperties,
	methods: { loadOptions: { getFeedEvents } },
};

export const COURSE_ENROLLMENT_TRIGGER: FeedTriggerDefinition = {
	subject: 'Course Enrollment',
	subtitle: 'Enrollments',
	description:
		'Starts the workflow when a member enrolls in a course, completes it, or the enrollment is cancelled or reset',
	feed: courseEnrollmentsFeed,
	output: feedItem(courseEnrollmentsFeed, enrollmentFeedRow),
	properties: courseEnrollmentTriggerProperties,
};

export const COURSE_CERTIFICATE_TRIGGER: FeedTriggerDefinition = {
	subject: 'Course Certificate',
	subtitle: 'Certificates',
	description: 'Starts the workflow when a course certificate is issued, revoked or expires',
	feed: courseCertificatesFeed,
	output: feedItem(courseCertificatesFeed, certificateFeedRow),
	properties: courseCertificateTriggerProperties,
};
