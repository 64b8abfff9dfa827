/**
 * `npm run staff -- …` (scripts/staff.mjs runs this, bundled as dist/server/staff.mjs): staff
 * members created, listed and disabled on the server, and their one-time links. Italian output
 * and errors; exit code 0, or 1 for a refused command, 2 for a malformed one.
 *
 *   aggiungi --nome "Giulia Rossi" --email giulia@vigorsport.it --negozi aosta[,torino]
 *   elenco
 *   disattiva <email>
 *   link <email> [--origine https://www.vigorsport.it]
 *
 * A link is e-mailed through the outbox when the server sends e-mail (SMTP_HOST): stored here,
 * sent by the running server's retry loop within a poll (CONTACT_RETRY_POLL_MS); in simulation
 * mode it is printed here, for the person at the server to pass on.
 */
import { isValidEmail } from '../../lib/messages/message-schema';
import { LINK_EMAILS_PER_HOUR, queueLinkEmail } from './link-mail';
import { linkUrl } from './links';
import type { StaffListing, StaffStore } from './store';

/** What a command needs from outside: the store, the shops of the build, the clock, output. */
export interface StaffCliContext {
	store: StaffStore;
	/** The shops of the build served (id: slug of content/shops, name). */
	shops: readonly { id: string; name: string }[];
	/** The site's address, for links (PUBLIC_ORIGIN, else the build's SITE_URL). */
	origin: string;
	now: number;
	/**
	 * Whether the server sends e-mail (SMTP_HOST): the link goes to the outbox, which the running
	 * server sends; in simulation mode it is printed.
	 */
	mailLinks: boolean;
	print: (line: string) => void;
}

export const STAFF_HELP = `Area staff: i membri dello staff e i loro link di accesso.

  npm run staff -- aggiungi --nome "Giulia Rossi" --email giulia@vigorsport.it --negozi aosta
      aggiunge un membro dello staff (--negozi: uno o più negozi separati da virgole)
  npm run staff -- elenco
      elenca i membri dello staff, attivi e disattivati
  npm run staff -- disattiva giulia@vigorsport.it
      disattiva un membro: le sue sessioni finiscono subito, passkey e link non valgono più
  npm run staff -- link giulia@vigorsport.it [--origine https://www.vigorsport.it]
      crea un link di accesso (15 minuti, una volta sola) per il primo accesso o una passkey persa:
      lo invia per e-mail, o lo stampa qui se il server non invia e-mail (modalità simulazione)`;

/** A refused command: its Italian message, and whether it was malformed (exit 2) or refused (1). */
export class StaffCliError extends Error {
	constructor(
		message: string,
		readonly exitCode: 1 | 2,
	) {
		super(message);
	}
}

/** The value of `--name value` or `--name=value`, or undefined. */
function option(args: readonly string[], name: string): string | undefined {
	for (let i = 0; i < args.length; i += 1) {
		const arg = args[i] ?? '';
		if (arg === `--${name}`) {
			const value = args[i + 1];
			if (value === undefined || value.startsWith('--')) {
				throw new StaffCliError(`Manca il valore di --${name}.`, 2);
			}
			return value;
		}
		if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
	}
	return undefined;
}

/** The arguments that are not options (nor options' values). */
function positional(args: readonly string[]): string[] {
	const out: string[] = [];
	for (let i = 0; i < args.length; i += 1) {
		const arg = args[i] ?? '';
		if (arg.startsWith('--')) {
			if (!arg.includes('=')) i += 1;
			continue;
		}
		out.push(arg);
	}
	return out;
}

function requiredEmail(value: string | undefined, usage: string): string {
	if (!value) throw new StaffCliError(`Manca l’indirizzo e-mail. Uso: ${usage}`, 2);
	const email = value.trim();
	if (!isValidEmail(email)) {
		throw new StaffCliError(`«${email}» non è un indirizzo e-mail valido.`, 2);
	}
	return email;
}

/** Date and time in Rome, for people. */
function romeTime(ms: number): string {
	return new Intl.DateTimeFormat('it-IT', {
		dateStyle: 'short',
		timeStyle: 'short',
		timeZone: 'Europe/Rome',
	}).format(new Date(ms));
}

function describe(member: StaffListing, shops: StaffCliContext['shops']): string {
	const shopNames = member.shops.map((id) => shops.find((shop) => shop.id === id)?.name ?? id);
	const state =
		member.disabledAt === null
			? `attivo; ${member.passkeys} passkey, ${member.activeSessions} sessioni aperte`
			: `disattivato il ${romeTime(member.disabledAt)}`;
	return `- ${member.name} <${member.email}> · ${shopNames.join(', ')} · ${state}`;
}

/** Runs one command; throws StaffCliError for a refused or malformed one. */
export function runStaffCommand(args: readonly string[], context: StaffCliContext): void {
	const [command, ...rest] = args;
	const { store, print } = context;
	switch (command) {
		case undefined:
		case 'aiuto':
		case '--help':
		case '-h':
			print(STAFF_HELP);
			return;
		case 'aggiungi': {
			const usage =
				'npm run staff -- aggiungi --nome "Nome Cognome" --email nome@vigorsport.it --negozi aosta';
			const name = option(rest, 'nome')?.trim();
			if (!name) throw new StaffCliError(`Manca il nome (--nome). Uso: ${usage}`, 2);
			const email = requiredEmail(option(rest, 'email'), usage);
			const shopIds = (option(rest, 'negozi') ?? '')
				.split(',')
				.map((id) => id.trim())
				.filter(Boolean);
			const known = context.shops.map((shop) => shop.id);
			if (shopIds.length === 0) {
				throw new StaffCliError(`Manca il negozio (--negozi ${known.join(',')}).`, 2);
			}
			const unknown = shopIds.filter((id) => !known.includes(id));
			if (unknown.length > 0) {
				throw new StaffCliError(
					`Negozio sconosciuto: ${unknown.join(', ')}. I negozi sono: ${known.join(', ')}.`,
					2,
				);
			}
			const member = store.addStaff({ name, email, shops: [...new Set(shopIds)] }, context.now);
			if (!member) {
				throw new StaffCliError(`Esiste già un membro dello staff con l’e-mail ${email}.`, 1);
			}
			print(`Aggiunto: ${member.name} <${member.email}> (${member.shops.join(', ')}).`);
			print(`Per il primo accesso: npm run staff -- link ${member.email}`);
			return;
		}
		case 'elenco': {
			const members = store.list(context.now);
			if (members.length === 0) {
				print('Nessun membro dello staff. Aggiungine uno con: npm run staff -- aggiungi …');
				return;
			}
			print(`Membri dello staff (${members.length}):`);
			for (const member of members) print(describe(member, context.shops));
			return;
		}
		case 'disattiva': {
			const email = requiredEmail(positional(rest)[0], 'npm run staff -- disattiva <email>');
			if (!store.disable(email, context.now)) {
				throw new StaffCliError(`Nessun membro attivo dello staff con l’e-mail ${email}.`, 1);
			}
			print(`Disattivato: ${email}. Le sue sessioni sono chiuse; passkey e link non valgono più.`);
			return;
		}
		case 'link': {
			const email = requiredEmail(positional(rest)[0], 'npm run staff -- link <email>');
			const member = store.activeByEmail(email);
			if (!member) {
				throw new StaffCliError(`Nessun membro attivo dello staff con l’e-mail ${email}.`, 1);
			}
			const origin = option(rest, 'origine') ?? context.origin;
			let base: string;
			try {
				base = new URL(origin).origin;
			} catch {
				throw new StaffCliError(`--origine non è un indirizzo valido: «${origin}».`, 2);
			}
			if (context.mailLinks) {
				const queued = queueLinkEmail(store.db, member, base, context.now);
				if (!queued) {
					throw new StaffCliError(
						`${member.email} ha già ricevuto ${LINK_EMAILS_PER_HOUR} link nell’ultima ora: riprova più tardi.`,
						1,
					);
				}
				print(
					`Link di accesso per ${member.name} in invio a ${member.email} (valido fino alle ${romeTime(queued.expiresAt)}, una volta sola).`,
				);
				return;
			}
			const { token, expiresAt } = store.createLink(member.id, context.now);
			print(
				`Link di accesso per ${member.name} (valido fino alle ${romeTime(expiresAt)}, una volta sola):`,
			);
			print(linkUrl(base, token));
			return;
		}
		default:
			throw new StaffCliError(`Comando sconosciuto: «${command}».\n\n${STAFF_HELP}`, 2);
	}
}
