/**
 * Six workflows as an AI client writes them for n8n's MCP server: workflow SDK code, from the
 * definitions get_node_types gave and the IDs explore_node_resources found (passed in here).
 * test/e2e/mcp-builder.e2e.test.cts validates, creates and runs each.
 */

const CP = 'n8n-nodes-community-platform';

export interface BuilderIds {
	/** A club (explore_node_resources searchClubs). */
	clubId: string;
	/** The Data Table to keep members in (create_data_table). */
	dataTableId: string;
	/** Where the triggers start reading (Start From Date): just before the changes the test makes. */
	startDate: string;
	/** The event whose registrations the first workflow acts on. */
	eventId: string;
}

export interface BuilderWorkflow {
	/** What the user asked for. */
	request: string;
	/** The name of the workflow in the code. */
	name: string;
	/** A polling trigger: published, then its first poll runs it. Else run from its first node. */
	trigger?: 'polling';
	/** The node the run starts from (non-polling workflows). */
	start?: string;
	code: string;
}

export function builderWorkflows(ids: BuilderIds): BuilderWorkflow[] {
	return [
		{
			request: 'When someone registers for an event, add them to a club',
			name: 'Event registrations join a club',
			trigger: 'polling',
			code: `
const registered = trigger({
  type: '${CP}.communityPlatformEventAttendeeTrigger',
  version: 1,
  config: {
    name: 'New registration',
    parameters: {
      events: ['registered'],
      startFrom: 'date',
      startDate: '${ids.startDate}',
      filters: { eventIds: ['${ids.eventId}'] },
    },
  },
});

const addToClub = node({
  type: '${CP}.communityPlatform',
  version: 1,
  config: {
    name: 'Add to club',
    parameters: {
      resource: 'club',
      operation: 'addMember',
      club: { __rl: true, mode: 'id', value: '${ids.clubId}' },
      member: { __rl: true, mode: 'email', value: expr('{{ $json.attendeeEmail }}') },
    },
  },
});

export default workflow('event-registrations-join-club', 'Event registrations join a club').add(registered).to(addToClub);
`,
		},
		{
			request: 'Every morning, list pending club applications',
			name: 'Pending club applications every morning',
			start: 'Every morning',
			code: `
const everyMorning = trigger({
  type: 'n8n-nodes-base.scheduleTrigger',
  version: 1.2,
  config: { name: 'Every morning', parameters: { rule: { interval: [{ field: 'days', triggerAtHour: 8 }] } } },
});

const pending = node({
  type: '${CP}.communityPlatform',
  version: 1,
  config: {
    name: 'Pending applications',
    parameters: {
      resource: 'club',
      operation: 'getApplicationRequests',
      club: { __rl: true, mode: 'id', value: '${ids.clubId}' },
      returnAll: true,
      filters: { status: 'Pending' },
    },
  },
});

export default workflow('pending-club-applications', 'Pending club applications every morning').add(everyMorning).to(pending);
`,
		},
		{
			request: 'Sync a CSV of people into the community',
			name: 'Sync a CSV of people',
			start: 'Start',
			code: `
const start = trigger({ type: 'n8n-nodes-base.manualTrigger', version: 1, config: { name: 'Start' } });

const people = node({
  type: 'n8n-nodes-base.code',
  version: 2,
  config: {
    name: 'People',
    parameters: {
      jsCode: "return [\\n  { email: 'ada.csv@example.com', firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'Engineer', company: 'Engines' },\\n  { email: 'grace.csv@example.com', firstName: 'Grace', lastName: 'Hopper', jobTitle: 'Admiral', company: 'Navy' },\\n].map((json) => ({ json }));",
    },
  },
});

const toCsv = node({
  type: 'n8n-nodes-base.convertToFile',
  version: 1.1,
  config: { name: 'people.csv', parameters: { operation: 'csv', binaryPropertyName: 'data' } },
});

const readCsv = node({
  type: 'n8n-nodes-base.extractFromFile',
  version: 1.1,
  // A CSV saved by a spreadsheet often starts with a byte-order mark: without enableBOM, the first column is named '\\ufeffemail'.
  config: { name: 'Read CSV', parameters: { operation: 'csv', binaryPropertyName: 'data', options: { enableBOM: true } } },
});

const sync = node({
  type: '${CP}.communityPlatform',
  version: 1,
  config: {
    name: 'Sync members',
    parameters: {
      resource: 'member',
      operation: 'createOrUpdateMany',
      email: expr('{{ $json.email }}'),
      firstName: expr('{{ $json.firstName }}'),
      position: expr('{{ $json.jobTitle }}'),
      company: expr('{{ $json.company }}'),
      additionalFields: { lastName: expr('{{ $json.lastName }}') },
    },
  },
});

export default workflow('sync-csv', 'Sync a CSV of people').add(start).to(people).to(toCsv).to(readCsv).to(sync);
`,
		},
		{
			request: 'Keep a copy of members in a Data Table',
			name: 'Members copied to a Data Table',
			trigger: 'polling',
			code: `
const changed = trigger({
  type: '${CP}.communityPlatformMemberTrigger',
  version: 1,
  config: {
    name: 'Member changed',
    parameters: { events: ['newMember', 'profileUpdated'], startFrom: 'date', startDate: '${ids.startDate}' },
  },
});

const row = node({
  type: 'n8n-nodes-base.set',
  version: 3.4,
  config: {
    name: 'Row',
    parameters: {
      mode: 'manual',
      includeOtherFields: false,
      assignments: {
        assignments: [
          { id: 'user-id', name: 'userId', value: expr('{{ $json.userId }}'), type: 'string' },
          { id: 'email', name: 'email', value: expr('{{ $json.userEmail }}'), type: 'string' },
          { id: 'first-name', name: 'firstName', value: expr('{{ $json.userFirstName }}'), type: 'string' },
          { id: 'last-name', name: 'lastName', value: expr('{{ $json.userLastName }}'), type: 'string' },
        ],
      },
    },
  },
});

const upsert = node({
  type: 'n8n-nodes-base.dataTable',
  version: 1.1,
  config: {
    name: 'Upsert member',
    parameters: {
      resource: 'row',
      operation: 'upsert',
      dataTableId: { __rl: true, mode: 'id', value: '${ids.dataTableId}' },
      matchType: 'allConditions',
      filters: { conditions: [{ keyName: 'userId', condition: 'eq', keyValue: expr('{{ $json.userId }}') }] },
      columns: { mappingMode: 'autoMapInputData', value: {} },
    },
  },
});

export default workflow('members-data-table', 'Members copied to a Data Table').add(changed).to(row).to(upsert);
`,
		},
		{
			request: 'When a course is completed, log a contribution',
			name: 'Course completions logged as contributions',
			trigger: 'polling',
			code: `
const completed = trigger({
  type: '${CP}.communityPlatformCourseEnrollmentTrigger',
  version: 1,
  config: {
    name: 'Course completed',
    parameters: { events: ['completed'], startFrom: 'date', startDate: '${ids.startDate}' },
  },
});

const logIt = node({
  type: '${CP}.communityPlatform',
  version: 1,
  config: {
    name: 'Log contribution',
    parameters: {
      resource: 'contributionLog',
      operation: 'create',
      contributionName: 'Wrote a blog post',
      userEmail: expr('{{ $json.enrolleeEmail }}'),
      contributedAt: expr('{{ $json.completedAt }}'),
      additionalFields: { externalContributionId: expr('{{ $json.id }}'), notes: 'Course completed' },
    },
  },
});

export default workflow('course-contributions', 'Course completions logged as contributions').add(completed).to(logIt);
`,
		},
		{
			request: 'Tag new videos',
			name: 'Publish new videos with tags',
			start: 'Start',
			code: `
const start = trigger({ type: 'n8n-nodes-base.manualTrigger', version: 1, config: { name: 'Start' } });

const videos = node({
  type: 'n8n-nodes-base.code',
  version: 2,
  config: {
    name: 'New videos',
    parameters: {
      jsCode: "return [{ json: { title: 'Builder demo', url: 'https://videos.example.com/builder-demo.mp4', poster: 'https://videos.example.com/builder-demo-1280x720.jpg', length: '02:30' } }];",
    },
  },
});

const publish = node({
  type: '${CP}.communityPlatform',
  version: 1,
  config: {
    name: 'Create tagged video',
    parameters: {
      resource: 'content',
      operation: 'createVideo',
      title: expr('{{ $json.title }}'),
      videoUrl: expr('{{ $json.url }}'),
      posterUrl: expr('{{ $json.poster }}'),
      duration: expr('{{ $json.length }}'),
      additionalFields: { tags: 'New, Builder' },
    },
  },
});

export default workflow('tag-new-videos', 'Publish new videos with tags').add(start).to(videos).to(publish);
`,
		},
	];
}
