import { useCanAdminister } from 'shared-auth';
import { BANK_RETURNS_PAGE_TEXT, BankReturnListQuerySchema, type BankReturnFile } from 'shared-contracts';
import { Stack } from 'shared-ui';
import { ListView, useListController } from 'shared-ui/table';
import { returnFileList, type ReturnFileListQuery } from '../api/return-files';
import { BankReturnsNav } from './bank-returns-nav';
import { RETURN_FILE_COLUMNS } from './return-file-columns';
import { UploadReturnFile } from './upload-return-file';

const TEXT = BANK_RETURNS_PAGE_TEXT;

/**
 * /approvals/bank-returns (MODERATOR and up): the return files applied, newest first, each with
 * its lines (outcome, code, amount, vendor, approval); ADMIN applies a new one above the list.
 */
export function ReturnFilesPage() {
  const admin = useCanAdminister('approvals');
  const list = useListController<BankReturnFile, ReturnFileListQuery>({
    resource: returnFileList,
    schema: BankReturnListQuerySchema,
    filters: [],
  });
  return (
    <ListView
      list={list}
      title={TEXT.title}
      description={TEXT.description}
      refresh
      summary={
        <Stack gap="6">
          <BankReturnsNav current="returnFiles" />
          {admin ? <UploadReturnFile /> : null}
        </Stack>
      }
      noun={TEXT.returnFiles.noun}
      caption={TEXT.returnFiles.caption}
      columns={RETURN_FILE_COLUMNS}
      rowLabel={(file) => file.fileName}
      canSelect={false}
      empty={{
        title: TEXT.returnFiles.emptyTitle,
        description: TEXT.returnFiles.emptyDescription,
        action: null,
      }}
    />
  );
}
