/**
 * Sending one e-mail through the configured SMTP server with nodemailer. One connection per
 * e-mail (no pool): a contact form sends a few a day, and a fresh connection recovers by itself
 * when the mail server comes back. Timeouts are short so a silent server cannot hold a visitor's
 * request for minutes.
 */
import nodemailer from 'nodemailer';
import type { SmtpConfig } from './config';

/** An e-mail to send. */
export interface OutgoingEmail {
	to: string;
	subject: string;
	text: string;
	replyTo?: string | undefined;
	/** A stable Message-ID per stored e-mail: a mail client shows a duplicate once. */
	messageId: string;
}

/** Something that sends e-mails. */
export interface Mailer {
	/** Resolves once the mail server has accepted the e-mail; rejects otherwise. */
	send(email: OutgoingEmail): Promise<void>;
	close(): void;
}

/** A mailer for an SMTP server. */
export function createSmtpMailer(smtp: SmtpConfig, from: string): Mailer {
	const transport = nodemailer.createTransport({
		host: smtp.host,
		port: smtp.port,
		secure: smtp.secure,
		...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
		connectionTimeout: smtp.timeoutMs,
		greetingTimeout: smtp.timeoutMs,
		socketTimeout: smtp.timeoutMs,
	});
	return {
		async send(email) {
			await transport.sendMail({
				from,
				to: email.to,
				subject: email.subject,
				text: email.text,
				...(email.replyTo ? { replyTo: email.replyTo } : {}),
				messageId: email.messageId,
			});
		},
		close() {
			transport.close();
		},
	};
}
