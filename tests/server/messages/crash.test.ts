import { afterAll, it } from 'vitest';
import type { RunningServer } from '../../../scripts/start-server.mjs';
import { postJson, readDatabase, tempDatabase, VALID_MESSAGE } from '../helpers/contact';
import { killMidLoad } from '../helpers/crash';

/**
 * The server killed with SIGKILL in the middle of a load of messages, then restarted on the
 * same database (helpers/crash.ts): every message that got a 2xx must be stored, the e-mails
 * still due must go out after the restart, and no e-mail may arrive twice.
 */

const db = tempDatabase();
const servers: RunningServer[] = [];
afterAll(async () => {
	for (const server of servers) await server.stop('SIGKILL');
	db.remove();
});

it('kill -9 mid-load: every 2xx is stored, and nothing is sent twice after the restart', async () => {
	await killMidLoad(
		{
			async send(url, name) {
				const { status, json } = await postJson(url, { ...VALID_MESSAGE, name });
				return { status, id: Number(json['id']), kept: name };
			},
			read(dbPath) {
				const { messages, emails } = readDatabase(dbPath);
				return {
					kept: new Map(messages.map((row) => [row.id, row.name])),
					emails: emails.map((email) => ({ ...email, owner: email.message_id })),
				};
			},
			messageIdPrefix: 'contatto',
		},
		db.dbPath,
		servers,
		{ total: 400, killAfter: 40 },
	);
}, 120_000);
