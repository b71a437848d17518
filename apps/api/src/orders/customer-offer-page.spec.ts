import { OfferStateFacts, offerPageState, offerStateMessage } from './customer-offer-page';

const facts = (changes: Partial<OfferStateFacts>): OfferStateFacts => ({
  status: 'offered',
  acceptedOnline: false,
  declinedOnline: false,
  sentStatus: 'offered',
  changedSinceSent: false,
  validityEnded: false,
  ...changes,
});

describe("the customer's offer page: its state", () => {
  it('is open while Offered and valid, expired past its validity', () => {
    expect(offerPageState(facts({}))).toBe('open');
    // Marked Offered after the PDF went out: the customer holds the offer as it stands.
    expect(offerPageState(facts({ sentStatus: 'draft', changedSinceSent: true }))).toBe('open');
    expect(offerPageState(facts({ validityEnded: true }))).toBe('expired');
  });

  it('is open while Deferred only when it was sent so and has not changed since', () => {
    expect(offerPageState(facts({ status: 'deferred', sentStatus: 'deferred' }))).toBe('open');
    expect(offerPageState(facts({ status: 'deferred', sentStatus: 'offered', changedSinceSent: true }))).toBe('withdrawn');
    expect(offerPageState(facts({ status: 'deferred', sentStatus: 'deferred', changedSinceSent: true }))).toBe('withdrawn');
  });

  it('says the customer’s own answer, and withdrawn for what staff did', () => {
    expect(offerPageState(facts({ status: 'ordered', acceptedOnline: true }))).toBe('accepted');
    expect(offerPageState(facts({ status: 'declined', declinedOnline: true }))).toBe('declined');
    expect(offerPageState(facts({ status: 'ordered' }))).toBe('withdrawn');
    expect(offerPageState(facts({ status: 'declined' }))).toBe('withdrawn');
    expect(offerPageState(facts({ status: 'draft' }))).toBe('withdrawn');
    // Accepted online and expired since: still accepted.
    expect(offerPageState(facts({ status: 'ordered', acceptedOnline: true, validityEnded: true }))).toBe('accepted');
  });

  it('names the reason of each read-only state', () => {
    expect(offerStateMessage('withdrawn', 'draft')).toBe('offer_state_withdrawn_draft');
    expect(offerStateMessage('withdrawn', 'ordered')).toBe('offer_state_withdrawn_ordered');
    expect(offerStateMessage('expired', 'offered')).toBe('offer_state_expired');
    expect(offerStateMessage('accepted', 'ordered')).toBe('offer_state_accepted');
  });
});
