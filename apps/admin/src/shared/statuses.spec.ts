import { normalizeStatus, STATUSES, statusLook } from './statuses';

describe('status chips (docs/product.md §4)', () => {
  it('knows every status the spec lists', () => {
    expect(Object.keys(STATUSES.product)).toEqual(['ready', 'pending', 'creation_stopped', 'manually_created', 'generated_from_data_extractor']);
    expect(Object.keys(STATUSES.order)).toEqual(['draft', 'offered', 'ordered', 'deferred', 'declined']);
    expect(Object.keys(STATUSES.purchase_request)).toEqual(['open', 'closed', 'submission_not_allowed']);
    expect(Object.keys(STATUSES.supplier)).toEqual(['active', 'inactive']);
    expect(Object.keys(STATUSES.mfa)).toEqual(['enabled', 'disabled']);
    expect(Object.keys(STATUSES.processing)).toEqual(['created', 'success', 'processing', 'error']);
  });

  it('reads statuses however the API spells them', () => {
    expect(normalizeStatus('Creation stopped')).toBe('creation_stopped');
    expect(statusLook('product', 'generated-from-data-extractor')).toEqual({ key: 'fabquote.status.product.generated_from_data_extractor', color: 'info' });
  });

  it('turns flags into statuses and shows unknown ones as sent', () => {
    expect(statusLook('mfa', true).key).toBe('fabquote.status.mfa.enabled');
    expect(statusLook('user', false).key).toBe('fabquote.status.user.inactive');
    expect(statusLook('order', 'archived')).toEqual({ key: null, color: 'default' });
  });
});
