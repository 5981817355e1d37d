// The bench's stack: `count` OS::Heat::TestResource resources r0000.., in groups of ten: the first of each group is a
// root and the nine others depend on it (depends_on edges), so the graph is wide and two levels deep. Each resource's
// value is the parameter "round": updating the stack with another round updates every resource in place.
export function benchTemplate(count) {
  const lines = ['heat_template_version: 2018-08-31', '', 'description: >',
    `  bench/console: ${count} TestResources in groups of ten (nine depend on the first of their group).`, '',
    'parameters:', '  round:', '    type: string', '    default: "0"', '', 'resources:'];
  for (let i = 0; i < count; i++) {
    const name = `r${String(i).padStart(4, '0')}`;
    lines.push(`  ${name}:`, '    type: OS::Heat::TestResource');
    if (i % 10 !== 0) {
      lines.push(`    depends_on: [r${String(i - (i % 10)).padStart(4, '0')}]`);
    }
    lines.push('    properties:', '      value: {get_param: round}');
  }
  return lines.join('\n') + '\n';
}
