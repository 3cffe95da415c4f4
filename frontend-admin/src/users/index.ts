import PeopleAltRoundedIcon from '@mui/icons-material/PeopleAltRounded';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

/** The users resource, as the react-admin demo declares its resources. */
export default {
  list: UserList,
  show: UserShow,
  icon: PeopleAltRoundedIcon,
  recordRepresentation: 'ownerName',
};
