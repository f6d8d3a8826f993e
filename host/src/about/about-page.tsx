import { ABOUT_TEXT, RELEASE_TEXT } from 'shared-contracts';
import { PageHeader, SectionCard, Stack } from 'shared-ui';
import { ReleasesList } from './releases-list';

/**
 * /about (any signed-in role): the build of the console and the live release of each section, for
 * support to tell versions apart. The dashboard's System Health line links here (Details), so the
 * dashboard itself leads with work.
 */
export function AboutPage() {
  return (
    <Stack gap="6">
      <PageHeader
        title={ABOUT_TEXT.title}
        description={ABOUT_TEXT.description}
        breadcrumbs={[{ label: ABOUT_TEXT.title }]}
      />
      <SectionCard title={RELEASE_TEXT.aboutTitle}>
        <ReleasesList />
      </SectionCard>
    </Stack>
  );
}
