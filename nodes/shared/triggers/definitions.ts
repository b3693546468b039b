/**
 * The four triggers as tools/n8n/outputSchemas.cts reads them (subject, output, parameters). Only
 * that file uses this: the triggers are their node files (`CommunityPlatform*Trigger.node.ts`) and
 * their output schemas are in outputs.ts. Delete this once tools/n8n/outputSchemas.cts reads those.
 */
import type { INodeProperties, INodeType } from 'n8n-workflow';

import { CommunityPlatformCourseCertificateTrigger } from '../../CommunityPlatformCourseCertificateTrigger/CommunityPlatformCourseCertificateTrigger.node';
import { CommunityPlatformCourseEnrollmentTrigger } from '../../CommunityPlatformCourseEnrollmentTrigger/CommunityPlatformCourseEnrollmentTrigger.node';
import { CommunityPlatformEventAttendeeTrigger } from '../../CommunityPlatformEventAttendeeTrigger/CommunityPlatformEventAttendeeTrigger.node';
import { CommunityPlatformMemberTrigger } from '../../CommunityPlatformMemberTrigger/CommunityPlatformMemberTrigger.node';
import type { OutputSchema } from '../output/schema';
import { triggerOutput } from './outputs';

interface TriggerOutputDefinition {
	/** The node's name without `communityPlatform` and `Trigger`, words spaced: "Event Attendee". */
	subject: string;
	output: OutputSchema;
	properties: INodeProperties[];
}

function definitionOf(Trigger: new () => INodeType): TriggerOutputDefinition {
	const { name, displayName, properties } = new Trigger().description;
	return { subject: displayName.replace(/^Community Platform | Trigger$/g, ''), output: triggerOutput(name), properties };
}

export const MEMBER_TRIGGER = definitionOf(CommunityPlatformMemberTrigger);
export const EVENT_ATTENDEE_TRIGGER = definitionOf(CommunityPlatformEventAttendeeTrigger);
export const COURSE_ENROLLMENT_TRIGGER = definitionOf(CommunityPlatformCourseEnrollmentTrigger);
export const COURSE_CERTIFICATE_TRIGGER = definitionOf(CommunityPlatformCourseCertificateTrigger);
