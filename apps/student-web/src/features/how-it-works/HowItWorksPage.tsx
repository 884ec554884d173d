import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { discountsLocation, paths } from '../../app/paths';
import { DocumentTitle } from '../../components/DocumentTitle';

interface Step {
  icon: ReactNode;
  title: string;
  body: ReactNode;
}

/** The student journey of SPEC §4 "Student onboarding flow", in the student's words. */
const STEPS: readonly Step[] = [
  {
    icon: <HowToRegOutlinedIcon />,
    title: 'Create your free account',
    body: (
      <>
        Sign up with your name, personal email and phone number, then choose a password. It takes about a
        minute and costs nothing.
      </>
    ),
  },
  {
    icon: <SchoolOutlinedIcon />,
    title: 'Verify that you are a student',
    body: (
      <>
        Enter your university or college email address and type in the 6-digit code we send to it. If your
        institution&apos;s email is not recognised, upload a student ID, enrolment letter or another document
        instead: our team reviews it within 24 hours (usually 12–24 hours) and emails you once you are
        approved.
      </>
    ),
  },
  {
    icon: <LocalOfferOutlinedIcon />,
    title: 'Redeem your offers',
    body: (
      <>
        Open any offer and select &lsquo;Redeem discount code&rsquo; to get your code, then use it at the
        brand&apos;s checkout. For referral offers, &lsquo;Get Offer&rsquo; takes you straight to the
        brand&apos;s student page.
      </>
    ),
  },
];

const FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'Who can use Tullab?',
    answer:
      'Students enrolled at a university or college in the UAE. You need to be 18 or older to redeem an offer.',
  },
  {
    question: 'Does it cost anything?',
    answer: 'No. Tullab is free for students; brands pay nothing to list their offers either.',
  },
  {
    question: 'Can I browse before I sign up?',
    answer:
      'Yes. Anyone can browse, search and share offers. You only need a verified student account to reveal a code.',
  },
  {
    question: 'How many times can I use a code?',
    answer:
      'Each code is for one student account. The offer’s own terms, shown in its T&C’s tab, say how often it can be used.',
  },
];

/** /how-it-works (linked from the mobile menu): how a student goes from sign-up to saving. */
export function HowItWorksPage() {
  return (
    <>
      <DocumentTitle title="How It Works" />
      <Box
        component="section"
        aria-labelledby="how-heading"
        sx={{ py: { xs: 8, md: 12 }, background: 'linear-gradient(160deg, #E9F9F1 0%, #FFFFFF 70%)' }}
      >
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Typography
            id="how-heading"
            component="h1"
            variant="h2"
            sx={{ fontSize: { xs: '2.25rem', sm: '3rem' }, lineHeight: 1.1, mb: 3 }}
          >
            How It Works
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
            Three steps between you and exclusive student savings on brands you know.
          </Typography>
        </Container>
      </Box>

      <Box component="section" aria-labelledby="steps-heading" sx={{ py: { xs: 6, md: 10 } }}>
        <Container maxWidth="lg">
          <Typography id="steps-heading" component="h2" variant="h4" align="center" sx={{ mb: 5 }}>
            From sign-up to savings
          </Typography>
          <Box
            component="ol"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {STEPS.map(({ icon, title, body }, index) => (
              <Paper component="li" key={title} variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Box
                    aria-hidden
                    sx={{
                      width: 48,
                      height: 48,
                      borderRadius: '50%',
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: 'primary.light',
                      color: 'secondary.main',
                    }}
                  >
                    {icon}
                  </Box>
                  <Typography
                    component="p"
                    variant="overline"
                    sx={{ fontWeight: 700, color: 'primary.dark' }}
                  >
                    Step {index + 1}
                  </Typography>
                </Stack>
                <Typography component="h3" variant="h6" sx={{ mt: 2, fontWeight: 700 }}>
                  {title}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {body}
                </Typography>
              </Paper>
            ))}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 6, justifyContent: 'center' }}>
            <Button component={RouterLink} to={paths.signup} variant="contained" size="large">
              Sign up for free
            </Button>
            <Button
              component={RouterLink}
              to={discountsLocation}
              variant="outlined"
              color="secondary"
              size="large"
            >
              Browse offers
            </Button>
          </Stack>
        </Container>
      </Box>

      <Box
        component="section"
        aria-labelledby="faq-heading"
        sx={{ py: { xs: 6, md: 10 }, bgcolor: 'common.white' }}
      >
        <Container maxWidth="md">
          <Typography id="faq-heading" component="h2" variant="h4" sx={{ mb: 3 }}>
            Questions students ask
          </Typography>
          <Box component="dl" sx={{ m: 0 }}>
            {FAQ.map(({ question, answer }) => (
              <Box key={question} sx={{ py: 2, borderBottom: 1, borderColor: 'divider' }}>
                <Typography component="dt" sx={{ fontWeight: 700 }}>
                  {question}
                </Typography>
                <Typography component="dd" color="text.secondary" sx={{ m: 0, mt: 0.5 }}>
                  {answer}
                </Typography>
              </Box>
            ))}
          </Box>
          <Typography sx={{ mt: 4 }}>
            Already have an account?{' '}
            <Link component={RouterLink} to={paths.login}>
              Log in
            </Link>{' '}
            to finish your verification. Still have a question?{' '}
            <Link component={RouterLink} to={paths.contactUs}>
              Contact us
            </Link>
            .
          </Typography>
        </Container>
      </Box>
    </>
  );
}
