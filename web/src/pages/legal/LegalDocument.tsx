import type { ReactNode } from "react";
import type { LastUpdated, LegalContact } from "../../content/legal";
import styles from "./LegalDocument.module.css";

export interface LegalSection {
  /** Stable anchor (#id) for the table of contents and for links from elsewhere. */
  readonly id: string;
  readonly heading: string;
  readonly body: ReactNode;
}

export interface LegalDocumentProps {
  readonly title: string;
  readonly updated: LastUpdated;
  readonly intro: ReactNode;
  readonly sections: readonly LegalSection[];
  /** Shown last, as its own numbered section: who to write to about this document. */
  readonly contact: LegalContact;
  readonly contactIntro: string;
}

const CONTACT_ID = "contact";

/**
 * A legal page (Terms of Service, Privacy Policy): title and date, a table of contents, numbered
 * sections, and the contact block (e-mail, phone and postal address as page content).
 */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
  contact,
  contactIntro,
}: LegalDocumentProps) {
  const contents = [
    ...sections.map(({ id, heading }) => ({ id, heading })),
    { id: CONTACT_ID, heading: "Contact us" },
  ];
  return (
    <article className={styles.document}>
      <div className={styles.top}>
        <div className={styles.topInner}>
          <p className={styles.eyebrow}>Legal</p>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.updated}>
            Last updated <time dateTime={updated.iso}>{updated.text}</time>
          </p>
        </div>
      </div>
      <div className={styles.layout}>
        <nav className={styles.toc} aria-labelledby="legal-contents">
          <h2 id="legal-contents" className={styles.tocHeading}>
            Contents
          </h2>
          <ol className={styles.tocList}>
            {contents.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`}>{entry.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className={styles.body}>
          <div className={styles.intro}>{intro}</div>
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id} className={styles.section}>
              <h2 id={section.id}>
                <span className={styles.number}>{index + 1}.</span> {section.heading}
              </h2>
              {section.body}
            </section>
          ))}
          <section aria-labelledby={CONTACT_ID} className={`${styles.section} ${styles.contact}`}>
            <h2 id={CONTACT_ID}>
              <span className={styles.number}>{sections.length + 1}.</span> Contact us
            </h2>
            <p>{contactIntro}</p>
            <dl className={styles.contactList}>
              <div>
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd>
                  <a href={contact.phoneHref}>{contact.phone}</a>
                </dd>
              </div>
              <div>
                <dt>Mail</dt>
                <dd>
                  <address className={styles.address}>
                    {contact.addressLines.map((line) => (
                      <span key={line}>{line}</span>
                    ))}
                  </address>
                </dd>
              </div>
            </dl>
          </section>
        </div>
      </div>
    </article>
  );
}
