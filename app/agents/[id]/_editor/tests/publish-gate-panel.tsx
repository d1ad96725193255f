'use client';
/**
 * The agent's publish gate on the Tests tab: admins set whether publishing needs passing tests and
 * the share of cases that must pass; everyone else reads the setting.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { PublishGate } from '@/lib/schemas';
import { FormOutcome } from '../../../../_components/form-alert';
import { usePermissions } from '../../../../_components/permissions';
import { Button } from '../../../../_components/ui/button';
import { Panel } from '../../../../_components/ui/card';
import { TextField } from '../../../../_components/ui/field';
import { plainMessages } from '../../../../_lib/plain-issue-message';
import { callOperation } from '../../../../_lib/api-fetch';

/** The form speaks in percent; the gate keeps a share from 0 to 1. */
const gateFormSchema = z.object({
  requireEvaluation: z.boolean(),
  percent: z.number().int().min(0).max(100),
});
type GateFormValues = z.input<typeof gateFormSchema>;

const percentOf = (gate: PublishGate) => Math.round(gate.minPassRate * 100);

function gateWords(gate: PublishGate): string {
  return gate.requireEvaluation
    ? `Publishing needs passing tests: a test run of exactly the version being published, made after the test cases last changed, where at least ${percentOf(gate)}% of the cases pass.`
    : 'Publishing does not need passing tests.';
}

function GateForm({
  gate,
  agentId,
  onSaved,
}: {
  gate: PublishGate;
  agentId: string;
  onSaved: (gate: PublishGate) => void;
}) {
  const [status, setStatus] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const form = useForm<GateFormValues>({
    resolver: zodResolver(gateFormSchema, plainMessages),
    defaultValues: { requireEvaluation: gate.requireEvaluation, percent: percentOf(gate) },
  });
  const submit = form.handleSubmit(async ({ requireEvaluation, percent }) => {
    const answer = await callOperation('setPublishGate', {
      params: { id: agentId },
      body: { requireEvaluation, minPassRate: percent / 100 },
    });
    if (!answer.ok) return setRefusal(`Not saved: ${answer.message}`);
    setRefusal(undefined);
    setStatus('Publish gate saved.');
    onSaved(answer.value);
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" {...form.register('requireEvaluation')} />
        Require passing tests before publishing
      </label>
      <TextField
        label="Pass rate needed (%)"
        hint="The share of test cases that must pass, from 0 to 100."
        type="number"
        min={0}
        max={100}
        className="w-72"
        error={form.formState.errors.percent?.message}
        {...form.register('percent', { valueAsNumber: true })}
      />
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Save publish gate
        </Button>
      </div>
      <FormOutcome status={status} refusal={refusal} />
    </form>
  );
}

export function PublishGatePanel({ agentId }: { agentId: string }) {
  const { administer } = usePermissions();
  const [gate, setGate] = useState<PublishGate>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    void callOperation('getPublishGate', { params: { id: agentId } }).then((answer) =>
      answer.ok ? setGate(answer.value) : setError(answer.message),
    );
  }, [agentId]);
  return (
    <Panel headingId="publish-gate-heading" title="Publish gate" level={3}>
      {error ? <p className="text-sm text-danger">Could not read the publish gate: {error}</p> : null}
      {gate ? <p className="text-sm">{gateWords(gate)}</p> : null}
      {gate && administer ? <GateForm gate={gate} agentId={agentId} onSaved={setGate} /> : null}
      {gate && !administer ? <p className="text-sm text-slate-700">Only an admin changes the publish gate.</p> : null}
    </Panel>
  );
}
