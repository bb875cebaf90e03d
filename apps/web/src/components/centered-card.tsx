import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo';

/** The frame of sign-in, sign-up, recovery and onboarding screens. */
export function CenteredCard({
  title,
  subtitle,
  children,
  footer,
  width = 440,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
}) {
  return (
    <Center mih="100vh" px="md" py={40} bg="#F7F6FA">
      <Stack w="100%" maw={width} gap="lg">
        <Center>
          <Anchor component={Link} to="/" underline="never" aria-label="Tillbook">
            <Logo size={34} />
          </Anchor>
        </Center>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 32 }} shadow="xs">
          <Stack gap={4} mb="lg">
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
        {footer && <Box ta="center">{footer}</Box>}
      </Stack>
    </Center>
  );
}
