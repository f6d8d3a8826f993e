/** Fixed vocabularies the seed draws from, so demo data reads like a real back office. */
import type { Industry } from 'shared-contracts';

export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'James', 'Isabella', 'Lucas',
  'Mia', 'Mateo', 'Charlotte', 'Benjamin', 'Amelia', 'Henry', 'Harper', 'Theodore', 'Evelyn', 'Jack',
  'Priya', 'Wei', 'Fatima', 'Diego', 'Yuki', 'Kwame', 'Sofia', 'Arjun', 'Leila', 'Mohammed',
] as const;

export const LAST_NAMES = [
  'Johnson', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Wilson', 'Anderson',
  'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris',
  'Nguyen', 'Patel', 'Kim', 'Chen', 'Okafor', 'Silva', 'Kowalski', 'Nakamura', 'Haddad', 'Schmidt',
] as const;

export const USER_TITLES = [
  'Accounts Payable Specialist', 'Finance Analyst', 'Controller', 'Bookkeeper', 'Operations Lead',
  'Payroll Coordinator', 'Procurement Officer', 'Office Manager', null, null,
] as const;

export const MANAGER_TITLES = [
  'Finance Manager', 'AP Manager', 'Regional Manager', 'Controller', 'Director of Operations',
  'Account Manager', 'Treasury Manager', null,
] as const;

export const COMPANIES: ReadonlyArray<{ name: string; industry: Industry; domain: string; description: string }> = [
  { name: 'Northwind Software', industry: 'Technology', domain: 'northwindsoftware.com', description: 'B2B inventory and order-management software.' },
  { name: 'Brightline Analytics', industry: 'Technology', domain: 'brightline-analytics.io', description: 'Data dashboards for mid-size retailers.' },
  { name: 'Cobalt Cloud Systems', industry: 'Technology', domain: 'cobaltcloud.net', description: 'Managed hosting and backup services.' },
  { name: 'Riverside Family Clinic', industry: 'Healthcare', domain: 'riversidefamilyclinic.org', description: 'Primary-care clinic with two locations.' },
  { name: 'Evergreen Health Partners', industry: 'Healthcare', domain: 'evergreenhp.com', description: 'Physical therapy and rehabilitation group.' },
  { name: 'Summit Ridge Capital', industry: 'Finance', domain: 'summitridgecap.com', description: 'Independent wealth-management firm.' },
  { name: 'Harborview Credit Union', industry: 'Finance', domain: 'harborviewcu.org', description: 'Member-owned credit union serving the bay area.' },
  { name: 'Maple & Main Outfitters', industry: 'Retail', domain: 'mapleandmain.com', description: 'Outdoor apparel and gear stores.' },
  { name: 'Urban Pantry Market', industry: 'Retail', domain: 'urbanpantry.co', description: 'Neighborhood grocery with local produce.' },
  { name: 'Ironclad Fabrication', industry: 'Manufacturing', domain: 'ironcladfab.com', description: 'Custom steel fabrication and welding.' },
  { name: 'Precision Parts Co.', industry: 'Manufacturing', domain: 'precisionparts.com', description: 'CNC-machined components for aerospace.' },
  { name: 'Keystone Builders', industry: 'Construction', domain: 'keystonebuilders.com', description: 'Commercial general contractor.' },
  { name: 'Granite Peak Construction', industry: 'Construction', domain: 'granitepeak.build', description: 'Residential remodeling and additions.' },
  { name: 'Lakeside Learning Academy', industry: 'Education', domain: 'lakesidelearning.edu', description: 'Private K-8 school.' },
  { name: 'Bright Futures Tutoring', industry: 'Education', domain: 'brightfuturestutoring.com', description: 'After-school tutoring centers.' },
  { name: 'Oakmont Property Group', industry: 'Real Estate', domain: 'oakmontpg.com', description: 'Multifamily property management.' },
  { name: 'Cedar Lane Realty', industry: 'Real Estate', domain: 'cedarlanerealty.com', description: 'Residential brokerage.' },
  { name: 'Bluewater Logistics', industry: 'Transportation', domain: 'bluewaterlogistics.com', description: 'Regional trucking and warehousing.' },
  { name: 'Swift Route Freight', industry: 'Transportation', domain: 'swiftroute.com', description: 'Last-mile delivery fleet.' },
  { name: 'Golden Crust Bakery', industry: 'Food & Beverage', domain: 'goldencrustbakery.com', description: 'Wholesale and retail bakery.' },
  { name: 'Copper Kettle Brewing', industry: 'Food & Beverage', domain: 'copperkettlebrewing.com', description: 'Craft brewery and taproom.' },
  { name: 'Starlight Cinemas', industry: 'Entertainment', domain: 'starlightcinemas.com', description: 'Independent movie theaters.' },
  { name: 'Echo Park Studios', industry: 'Entertainment', domain: 'echoparkstudios.com', description: 'Recording and rehearsal studios.' },
  { name: 'Clearpath Advisors', industry: 'Consulting', domain: 'clearpathadvisors.com', description: 'Operations and finance consulting.' },
  { name: 'Meridian Consulting Group', industry: 'Consulting', domain: 'meridiancg.com', description: 'IT strategy consulting.' },
  { name: 'Helping Hands Foundation', industry: 'Non-profit', domain: 'helpinghands.org', description: 'Food bank and community programs.' },
  { name: 'Green Earth Alliance', industry: 'Non-profit', domain: 'greenearthalliance.org', description: 'Urban tree-planting non-profit.' },
  { name: 'City of Fairview Utilities', industry: 'Government', domain: 'fairview.gov', description: 'Municipal water and power utility.' },
  { name: 'Acme Janitorial Services', industry: 'Other', domain: 'acmejanitorial.com', description: 'Commercial cleaning contractor.' },
  { name: 'Sunrise Pet Care', industry: 'Other', domain: 'sunrisepetcare.com', description: 'Veterinary clinic and boarding.' },
];

export const PLACES = [
  { street: 'Market St', city: 'San Francisco', state: 'CA', zip: '94103' },
  { street: 'Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
  { street: 'Pike St', city: 'Seattle', state: 'WA', zip: '98101' },
  { street: 'Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30303' },
  { street: 'Michigan Ave', city: 'Chicago', state: 'IL', zip: '60611' },
  { street: 'Larimer St', city: 'Denver', state: 'CO', zip: '80202' },
  { street: 'Boylston St', city: 'Boston', state: 'MA', zip: '02116' },
  { street: 'Broadway', city: 'Nashville', state: 'TN', zip: '37203' },
  { street: 'Central Ave', city: 'Phoenix', state: 'AZ', zip: '85004' },
  { street: 'Hennepin Ave', city: 'Minneapolis', state: 'MN', zip: '55403' },
] as const;

export const VENDORS = [
  { name: 'Staples Business Advantage', email: 'billing@staplesadvantage.example', phone: '(800) 555-0101' },
  { name: 'Grainger Industrial Supply', email: 'ar@grainger.example', phone: '(800) 555-0102' },
  { name: 'Pacific Gas & Electric', email: 'accounts@pge.example', phone: '(800) 555-0103' },
  { name: 'Cintas Uniform Services', email: 'invoices@cintas.example', phone: '(800) 555-0104' },
  { name: 'Dell Technologies', email: 'billing@dell.example', phone: '(800) 555-0105' },
  { name: 'Amazon Web Services', email: 'aws-receivables@amazon.example', phone: '(800) 555-0106' },
  { name: 'Sysco Foods', email: 'ar@sysco.example', phone: '(800) 555-0107' },
  { name: 'FedEx Freight', email: 'billing@fedexfreight.example', phone: '(800) 555-0108' },
  { name: 'Johnson Controls', email: 'ar@johnsoncontrols.example', phone: '(800) 555-0109' },
  { name: 'ADP Payroll Services', email: 'billing@adp.example', phone: '(800) 555-0110' },
  { name: 'Waste Management', email: 'invoices@wm.example', phone: '(800) 555-0111' },
  { name: 'Baker & Lane LLP', email: 'accounts@bakerlane.example', phone: '(415) 555-0112' },
  { name: 'Sherwin-Williams', email: 'ar@sherwin.example', phone: '(800) 555-0113' },
  { name: 'Uline Shipping Supplies', email: 'ar@uline.example', phone: '(800) 555-0114' },
  { name: 'Comcast Business', email: 'billing@comcastbusiness.example', phone: '(800) 555-0115' },
] as const;

/** Line items with a unit price range in cents. */
export const ITEMS = [
  { name: 'Printer paper (case)', min: 3_500, max: 5_500 },
  { name: 'Office chair', min: 18_000, max: 42_000 },
  { name: 'Laptop', min: 95_000, max: 210_000 },
  { name: 'Cloud hosting (monthly)', min: 25_000, max: 480_000 },
  { name: 'HVAC maintenance visit', min: 22_000, max: 65_000 },
  { name: 'Janitorial service (week)', min: 40_000, max: 120_000 },
  { name: 'Fuel surcharge', min: 1_500, max: 9_000 },
  { name: 'Legal consultation (hour)', min: 25_000, max: 60_000 },
  { name: 'Safety gloves (box)', min: 1_200, max: 3_800 },
  { name: 'Coffee supplies', min: 2_500, max: 9_500 },
  { name: 'Software license (seat)', min: 1_000, max: 25_000 },
  { name: 'Electrical repair', min: 15_000, max: 90_000 },
  { name: 'Freight shipment', min: 30_000, max: 250_000 },
  { name: 'Uniform rental', min: 800, max: 4_500 },
  { name: 'Produce delivery', min: 12_000, max: 70_000 },
] as const;

export const REJECTION_REASONS = [
  'Duplicate invoice: already paid under a previous approval.',
  'Amounts do not match the purchase order.',
  'Vendor bank details could not be verified.',
  'Missing receipt for the largest line item.',
  'Services were not delivered as described.',
  'Budget for this quarter is exhausted; resubmit next quarter.',
] as const;

export const API_KEY_NAMES = ['QuickBooks sync', 'Reporting export', 'Bank file uploader', 'Monitoring probe', 'Legacy ERP bridge'] as const;
