/**
 * The staff's part of the service for contact messages (App.Locals['contact'], put together in
 * src/server/services/index.ts): the list of /gestione/messaggi and the 'Gestito' mark (store.ts).
 */
import type { SubmissionDesk } from '../core/service';
import {
	markMessageHandled,
	staffMessages,
	type MarkingStaff,
	type MarkResult,
	type StaffMessage,
} from './staff-store';

/** Contact messages as staff handle them. */
export interface StaffMessagesService {
	/** The newest `limit` contact messages, with e-mails and marks, and how many there are. */
	staffMessages(limit: number): { messages: StaffMessage[]; total: number };
	/** Marks a contact message 'Gestito' by a member of staff, unless someone did first. */
	markMessageHandled(messageId: number, staff: MarkingStaff): MarkResult;
}

/** The staff's messages, on the core's desk. */
export function createStaffMessagesService(desk: SubmissionDesk): StaffMessagesService {
	const { db } = desk.store;
	return {
		staffMessages: (limit) => staffMessages(db, limit),
		markMessageHandled: (messageId, staff) =>
			markMessageHandled(db, messageId, staff, new Date(desk.now())),
	};
}
