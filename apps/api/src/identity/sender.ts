import { EntityManager } from 'typeorm';
import { SenderRepository, SenderRow } from './sender.repository';

export type Sender = SenderRow;

/** The user who sends a mail while still active (name shown, address, language); null: none or gone. Identity owns users. */
export function activeSender(manager: EntityManager, userId: string): Promise<Sender | null> {
  return new SenderRepository(manager).activeSender(userId);
}
