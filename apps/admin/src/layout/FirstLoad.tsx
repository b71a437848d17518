/**
 * What the browser shows until the console is ready: the markup index.html carries inside #root
 * (styled there, so it needs no script), drawn again while the organization is asked for and
 * react-admin checks the session, so the page never goes blank in between.
 */
export const FirstLoad = () => (
  <div className="fq-first-load" data-testid="first-load">
    <p className="fq-first-load__name">Fabquote</p>
    <div className="fq-first-load__bar" role="progressbar" aria-label="Loading" />
  </div>
);
