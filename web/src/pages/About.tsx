import { CtaSection } from "../components/marketing/CtaSection";
import { Heading } from "../components/marketing/Heading";
import { Section } from "../components/marketing/Section";
import { Icon } from "../components/ui/Icon";
import type { PageMeta } from "../seo/meta";
import styles from "./about/About.module.css";
import { MILESTONES, TEAM, VALUES } from "./about/content";
import { Stats } from "./home/Stats";

export const meta: PageMeta = {
  title: "About Us",
  description:
    "RepDesk was founded in 2020 by a multi-line rep who was tired of spreadsheets. Meet the team helping 5,000+ reps and agencies manage over $2B in sales.",
};

const AVATAR_TONES = [styles.toneBlue, styles.toneTeal, styles.toneNavy] as const;

/** docs/product/site.md: story, mission, values and team, with the company's figures and a closing call to action. */
export default function About() {
  return (
    <>
      <Section
        headingLevel={1}
        eyebrow="About RepDesk"
        heading="Built by reps, for the people who sell for a living"
        intro="We started RepDesk because the back office of an independent rep still ran on spreadsheets, email threads and late-night commission math. Today thousands of manufacturer's reps, multi-line reps and agencies run their business on it."
        tone="alt"
        className={styles.top}
      />
      <Stats />

      <Section heading="Our story" align="start">
        <div className={styles.story}>
          <div className={styles.storyText}>
            <p>
              In early 2020, Karen Doyle was carrying nine lines across four states. Trade shows had stopped,
              dealers wanted answers by text, and every month-end meant a weekend of matching commission
              statements against her own order log. She found $3,200 in short payments that year — and knew
              she had missed more.
            </p>
            <p>
              She teamed up with Raj Patel, an engineer who had built order systems for a national
              distributor, to build the tool she wanted: orders, commissions, dealers and vendors in one
              place, on her phone, with the reconciliation done for her. Forty reps from her regional
              association tried the first version. They told their principals, their agencies and their
              friends.
            </p>
            <p>
              RepDesk is still run by people who have sold for a living. We spend our days with reps and
              agency owners, and what we learn at their dealers' counters shapes what we build next.
            </p>
          </div>
          <ol className={styles.timeline} aria-label="Milestones">
            {MILESTONES.map((milestone) => (
              <li key={milestone.year}>
                <span className={styles.year}>{milestone.year}</span>
                <span>{milestone.text}</span>
              </li>
            ))}
          </ol>
        </div>
      </Section>

      <Section tone="alt" eyebrow="Our mission" heading="Give every rep the back office of a big distributor">
        <p className={styles.mission}>
          Independent reps and agencies move billions of dollars of product for their principals, often with
          nothing more than a spreadsheet and a phone. Our mission is to give them software as good as the
          largest sales organizations use — accurate orders, commissions paid in full, and reports that win
          the next line — at a price a one-person agency can afford.
        </p>
      </Section>

      <Section heading="What we value">
        <ul className={styles.values}>
          {VALUES.map((value) => (
            <li key={value.title} className={styles.value}>
              <span className={styles.valueIcon}>
                <Icon name={value.icon} size={24} />
              </span>
              <Heading level={3} className={styles.valueTitle}>
                {value.title}
              </Heading>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        tone="alt"
        heading="The team behind RepDesk"
        intro="Former reps, agency operators and engineers, based in Dallas and working with customers across North America."
      >
        <ul className={styles.team}>
          {TEAM.map((member, index) => (
            <li key={member.name} className={styles.member}>
              <span
                className={`${styles.avatar} ${AVATAR_TONES[index % AVATAR_TONES.length]}`}
                aria-hidden="true"
              >
                {member.initials}
              </span>
              <Heading level={3} className={styles.memberName}>
                {member.name}
              </Heading>
              <p className={styles.role}>{member.role}</p>
              <p className={styles.bio}>{member.bio}</p>
            </li>
          ))}
        </ul>
      </Section>

      <CtaSection
        source="About"
        heading="Join 5,000+ reps who run their business on RepDesk"
        text="Start your 14-day free trial — no credit card, no setup fees, and free implementation support to get you selling in about 30 minutes."
      />
    </>
  );
}
