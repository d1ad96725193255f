'use client';
/**
 * "Save as test case" under a finished run (its page, and the Playground): a name, then the run's
 * input, request context, tool calls and answer become a test case of its agent with first
 * expectations (the same tools called, no other). Only people who can edit see it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useState, type MouseEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { testCaseFromRunBodySchema } from '@/lib/schemas';
import { callOperation } from '../_lib/api-fetch';
import { boundField } from '../_lib/bound-field';
import { plainMessages } from '../_lib/plain-issue-message';
import { FormAlert } from './form-alert';
import { usePermissions } from './permissions';
import { Button } from './ui/button';
import { TextField } from './ui/field';

type NameValues = z.input<typeof testCaseFromRunBodySchema>;

export function SaveAsTestCase({
  runId,
  agentId,
  onOpenTests,
}: {
  runId: string;
  agentId: string;
  /** Opens the Tests tab in place (the Playground); without it the link opens the editor on it. */
  onOpenTests?: () => void;
}) {
  const { edit } = usePermissions();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const form = useForm<NameValues>({
    resolver: zodResolver(testCaseFromRunBodySchema, plainMessages),
    defaultValues: { name: '' },
  });
  if (!edit) return null;

  const submit = form.handleSubmit(async ({ name }) => {
    const answer = await callOperation('createTestCaseFromRun', { params: { runId }, body: { name } });
    if (!answer.ok) return setRefusal(`Not saved: ${answer.message}`);
    setRefusal(undefined);
    setSaved(answer.value.name);
    setOpen(false);
    form.reset({ name: '' });
  });

  const openTests = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onOpenTests) return;
    event.preventDefault();
    onOpenTests();
  };

  return (
    <div className="flex flex-col gap-2">
      {saved !== null ? (
        <p role="status" className="text-sm">
          Saved test case &ldquo;{saved}&rdquo;.{' '}
          <Link href={`/agents/${encodeURIComponent(agentId)}?tab=tests`} onClick={openTests}>
            Open the Tests tab
          </Link>{' '}
          to adjust its expectations and run it.
        </p>
      ) : null}
      {open ? (
        <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
          <TextField
            label="Test case name"
            autoComplete="off"
            autoFocus
            className="w-80"
            announceError
            {...boundField(form, 'name')}
          />
          <Button type="submit" variant="primary" disabled={form.formState.isSubmitting}>
            Save test case
          </Button>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div>
          <Button onClick={() => setOpen(true)}>Save as test case</Button>
        </div>
      )}
      <FormAlert message={refusal} />
    </div>
  );
}
