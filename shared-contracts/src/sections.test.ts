import { describe, expect, it } from 'vitest';
import { hasRole, ROLES } from './roles';
import { SECTION_PAGES } from './section-pages.js';
import { remoteDir, SECTIONS, sectionNamed } from './sections.js';

describe('the section registry', () => {
  it('names each section once, mounts it at /<name> and gives each its own dev port', () => {
    const names = SECTIONS.map((section) => section.name);
    expect(new Set(names).size).toBe(names.length);
    for (const section of SECTIONS) expect(section.path).toBe(`/${section.name}`);
    const ports = SECTIONS.map((section) => section.devPort);
    expect(new Set(ports).size).toBe(ports.length);
  });

  it("names each section's remote folder after it", () => {
    expect(SECTIONS.map((section) => remoteDir(section.name))).toEqual([
      'remote-companies',
      'remote-users',
      'remote-managers',
      'remote-approvals',
    ]);
  });

  it('uses roles that exist', () => {
    for (const section of SECTIONS) {
      expect(ROLES).toContain(section.minRole);
      if (section.manageRole !== null) expect(ROLES).toContain(section.manageRole);
      if (section.adminRole !== null) expect(ROLES).toContain(section.adminRole);
      if (section.decideRole !== null) expect(ROLES).toContain(section.decideRole);
    }
  });

  it("keeps each section's steps that cannot be taken back to its managers or higher", () => {
    for (const section of SECTIONS) {
      if (section.adminRole === null || section.manageRole === null) continue;
      expect(hasRole(section.adminRole, section.manageRole)).toBe(true);
    }
  });

  it('finds a section by name and refuses a name that is not one', () => {
    expect(sectionNamed('users').label).toBe('Users');
    expect(() => sectionNamed('nope' as 'users')).toThrow('No section called "nope"');
  });

  it("puts each page under its section's path, for a role that exists", () => {
    for (const page of SECTION_PAGES) {
      expect(page.path.startsWith(`${sectionNamed(page.section).path}/`)).toBe(true);
      expect(ROLES).toContain(page.minRole);
    }
  });
});
