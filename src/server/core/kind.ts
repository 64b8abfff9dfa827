/**
 * What a kind of submission (a contact message, a pickup reservation) or any other owner of
 * e-mails (a staff sign-in link, say) tells the core, so that the outbox, retention, the health
 * check and the staff reports serve it without naming it. Each kind declares itself in its own
 * folder (src/server/messages/kind.ts, src/server/reservations/kind.ts) and is listed once, in
 * src/server/services/index.ts; the core only ever receives the list. Types only.
 */
import type Database from 'better-sqlite3';
import type { SubmissionEndpoint } from '../../lib/submissions/endpoints';

/** What the e-mails need of the service's settings. */
export interface EmailSettings {
	companyName: string;
	/** The shop's address of SHOP_EMAIL: Reply-To of a message's confirmation. */
	shopEmail: string | null;
	/** The site's address for links in e-mails (PUBLIC_ORIGIN, else SITE_URL). */
	linkOrigin?: string | undefined;
}

/** What an e-mail's `prepare` gets: the attempt, claimed by this process. */
export interface EmailAttemptContext {
	db: Database.Database;
	emailId: number;
	claimedBy: string;
	settings: EmailSettings;
}

/** What an e-mail's owner must have for a stable Message-ID. */
export interface EmailSubject {
	id: number;
	createdAt: Date;
}

/** The subject, text and Reply-To of one e-mail. */
export interface ComposedText {
	subject: string;
	text: string;
	replyTo?: string | undefined;
}

/** One e-mail an owner sends: how staff see it named, and what it says. */
export interface EmailDeclaration<About extends EmailSubject> {
	/** Its name in the staff reports: "Notifica al negozio". */
	label: string;
	/** Its text for one owner row. Pure. */
	compose(about: About, settings: EmailSettings): ComposedText;
	/**
	 * Runs just before each attempt, in the process that claimed the e-mail, and returns what
	 * the text shows: say, a secret drawn now whose hash it stores with the e-mail, so that only
	 * the hash is ever stored and a retry draws anew. A throw counts as a failed attempt.
	 */
	prepare?(about: About, attempt: EmailAttemptContext): About;
}

/**
 * What e-mails of the outbox (the `emails` table) can belong to. Its column in `emails` names
 * the owner's row; a new owner brings its column in a migration of its own.
 */
export interface EmailOwner<About extends EmailSubject = EmailSubject> {
	/** 'message', 'reservation': in the log ("admin e-mail of message 12") and in tests. */
	name: string;
	/** The column of `emails` that holds the owner's id: 'message_id'. */
	column: string;
	/** The first word of its e-mails' Message-ID: 'contatto', 'ritiro'. */
	messageIdPrefix: string;
	/** Its e-mails, by kind ('admin', 'confirmation', …). */
	emails: Readonly<Record<string, EmailDeclaration<About>>>;
	/** What its e-mails show, for these ids (a claimed e-mail read back), by id. */
	load(db: Database.Database, ids: readonly number[]): Map<number, About>;
}

/** What `npm run messages` (scripts/messages.mjs) prints of a kind. */
export interface KindReport {
	/** The option that picks this kind (`--prenotazioni`); null for the one printed by default. */
	option: string | null;
	/** Said when the database does not exist yet: "Nessun messaggio salvato". */
	none: string;
	/** The report of the stored rows, newest first, at most `limit` of them. */
	format(db: Database.Database, limit?: number): string;
}

/** A kind of submission, or another owner of e-mails. */
export interface SubmissionKind {
	/**
	 * Where visitors post it, as the browser's outbox knows it (src/lib/submissions/endpoints.ts);
	 * null for an owner of e-mails nobody posts (a staff sign-in link).
	 */
	endpoint: SubmissionEndpoint | null;
	/** Its e-mails and how the outbox reads and writes them. */
	owner: EmailOwner;
	/**
	 * Its table of people's submissions (columns `id`, `email`, `created_at`), kept until the
	 * retention deletes everyone silent for too long; the tables whose rows belong to one of
	 * them (by `column`) go with it. Null for an owner that holds no visitor's data.
	 */
	retention: {
		table: string;
		children: readonly { table: string; column: string }[];
	} | null;
	/** What `npm run messages` prints of it; null when it prints nothing. */
	report: KindReport | null;
}

/** An e-mail claimed for sending, with the owner row it is about. */
export interface EmailJob<About extends EmailSubject = EmailSubject> {
	emailId: number;
	kind: string;
	recipient: string;
	/** Attempts made before this one. */
	attempts: number;
	owner: EmailOwner<About>;
	about: About;
}
