/**
 * The package's entry point for code that loads it directly (tests, scripts, other tools): the
 * node and credential classes, from the build in dist/. n8n itself does not use it: it loads the
 * files listed under "n8n" in package.json.
 */
module.exports = {
	get CommunityPlatformApi() {
		return require('./dist/credentials/CommunityPlatformApi.credentials.js').CommunityPlatformApi;
	},
	get CommunityPlatform() {
		return require('./dist/nodes/CommunityPlatform/CommunityPlatform.node.js').CommunityPlatform;
	},
	get CommunityPlatformMemberTrigger() {
		return require('./dist/nodes/CommunityPlatformMemberTrigger/CommunityPlatformMemberTrigger.node.js').CommunityPlatformMemberTrigger;
	},
	get CommunityPlatformEventAttendeeTrigger() {
		return require('./dist/nodes/CommunityPlatformEventAttendeeTrigger/CommunityPlatformEventAttendeeTrigger.node.js').CommunityPlatformEventAttendeeTrigger;
	},
	get CommunityPlatformCourseEnrollmentTrigger() {
		return require('./dist/nodes/CommunityPlatformCourseEnrollmentTrigger/CommunityPlatformCourseEnrollmentTrigger.node.js').CommunityPlatformCourseEnrollmentTrigger;
	},
	get CommunityPlatformCourseCertificateTrigger() {
		return require('./dist/nodes/CommunityPlatformCourseCertificateTrigger/CommunityPlatformCourseCertificateTrigger.node.js').CommunityPlatformCourseCertificateTrigger;
	},
};
